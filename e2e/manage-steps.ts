import type { APIRequestContext } from '@playwright/test';
import { cleaningSlotsAhead, practiceId, reasonId, solvedBotChallenge } from './booking-api.ts';
import { expect } from './fixtures.ts';
import { outbox } from './verification-steps.ts';

/**
 * Steps of the manage-my-appointment and reminder walks: a booking made through the API, and the
 * e-mails it brings.
 */

/**
 * Books a time about a week ahead (beyond the 24-hour cutoffs) through the API, as a patient's
 * browser would; answers the booking's practice-local date.
 */
export async function bookAWeekAhead(
  request: APIRequestContext,
  email: string,
  index: number,
  phone = '5125550142',
  name = { first: 'Marta', last: 'Quinn' },
): Promise<string> {
  const practice = await practiceId(request, 'bright-smile');
  const reason = await reasonId(request, 'bright-smile', 'Cleaning');
  const slot = (await cleaningSlotsAhead(request, 6, 13))[index]!;
  const response = await request.post('/api/v1/appointment', {
    data: {
      practice_id: practice,
      rfv_id: reason,
      first_name: name.first,
      last_name: name.last,
      email,
      wireless_phone: phone,
      dob: '1984-02-03',
      pms_prov_num: slot.ProvNum,
      pms_op_num: slot.OpNum,
      apt_date: slot.DateTimeStart.slice(0, 10),
      start_time: slot.DateTimeStart.slice(11),
      end_time: slot.DateTimeEnd.slice(11),
      patient_status: 'Returning Patient',
      is_patient: true,
      is_concented: true,
      has_insurance: false,
    },
    headers: { 'X-Bot-Challenge': await solvedBotChallenge(request), 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
  return slot.DateTimeStart.slice(0, 10);
}

/** The newest e-mail to `to` whose subject matches, waiting for the job queue. */
export async function emailTo(request: APIRequestContext, to: string, subject: RegExp) {
  let text = '';
  await expect
    .poll(
      async () => {
        text =
          (await outbox(request)).find((m) => m.to === to && m.channel === 'email' && subject.test(m.subject ?? ''))
            ?.text ?? '';
        return text !== '';
      },
      { timeout: 15_000, message: `an e-mail to ${to} with subject ${subject}` },
    )
    .toBe(true);
  return text;
}

export const manageLinkIn = (text: string) =>
  new URL(/To see, change or cancel your appointment: (\S+)/.exec(text)![1]!).pathname;
