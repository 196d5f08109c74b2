import type { APIRequestContext, Page } from '@playwright/test';
import { practiceId, reasonId, solvedBotChallenge } from './booking-api.ts';
import { agreeToContact, answerNoInsurance, chooseProvider, choosePatientType, chooseReason, chooseSlot, expectNoAxeViolations, expectStep, fillContact, HEADINGS, PATIENT, screenshot, submitBooking } from './booking-steps.ts';
import { demoPractice } from './demo-practices.ts';
import { expect, test } from './fixtures.ts';
import { outbox } from './verification-steps.ts';

// Manage my appointment (issue 20): from the link in the confirmation e-mail to a reschedule and
// a cancel, every state checked with axe, and once by keyboard alone from page 7.
const brightSmile = demoPractice('bright-smile');

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Books a time about a week ahead (beyond the 24-hour cutoffs) through the API, as a patient's browser would. */
async function bookAWeekAhead(request: APIRequestContext, email: string, index: number): Promise<void> {
  const practice = await practiceId(request, 'bright-smile');
  const reason = await reasonId(request, 'bright-smile', 'Cleaning');
  const from = isoDay(Date.now() + 6 * DAY);
  const to = isoDay(Date.now() + 13 * DAY);
  const slots = (await (await request.get(`/api/v1/appointment/slots?practice_id=${practice}&reason_for_visit_id=${reason}&start_date=${from}&end_date=${to}`)).json()).result as {
    DateTimeStart: string; DateTimeEnd: string; ProvNum: number; OpNum: number;
  }[];
  const slot = slots[index]!;
  const response = await request.post('/api/v1/appointment', {
    data: {
      practice_id: practice, rfv_id: reason, first_name: 'Marta', last_name: 'Quinn', email, wireless_phone: '5125550142', dob: '1984-02-03',
      pms_prov_num: slot.ProvNum, pms_op_num: slot.OpNum, apt_date: slot.DateTimeStart.slice(0, 10), start_time: slot.DateTimeStart.slice(11), end_time: slot.DateTimeEnd.slice(11),
      patient_status: 'Returning Patient', is_patient: true, is_concented: true, has_insurance: false,
    },
    headers: { 'X-Bot-Challenge': await solvedBotChallenge(request), 'Idempotency-Key': crypto.randomUUID() },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** The newest e-mail to `to` whose subject matches, waiting for the job queue. */
async function emailTo(request: APIRequestContext, to: string, subject: RegExp) {
  let text = '';
  await expect
    .poll(async () => {
      text = (await outbox(request)).find((m) => m.to === to && m.channel === 'email' && subject.test(m.subject ?? ''))?.text ?? '';
      return text !== '';
    }, { timeout: 15_000, message: `an e-mail to ${to} with subject ${subject}` })
    .toBe(true);
  return text;
}

const manageLinkIn = (text: string) => new URL(/To see, change or cancel your appointment: (\S+)/.exec(text)![1]!).pathname;

async function expectHeading(page: Page, text: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
}

test('from the confirmation e-mail, the patient moves the appointment and then cancels it', async ({ page, request }) => {
  const email = `manage.${Date.now().toString(36)}@example.com`;
  await bookAWeekAhead(request, email, 3);
  const confirmation = await emailTo(request, email, /^Your appointment at Bright Smile Dental/);
  await page.goto(manageLinkIn(confirmation));

  await expectHeading(page, 'Your appointment is booked');
  await expect(page.getByText('Cleaning', { exact: true })).toBeVisible();
  await expect(page.getByText('Marta Quinn')).toBeVisible();
  await expect(page.getByText(/^You can change this appointment online until /)).toBeVisible();
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex, nofollow');
  await expectNoAxeViolations(page);
  await screenshot(page, 'manage-booked');

  // Reschedule: the booking flow's slot step, fed by the manage link's slots.
  await page.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose a new time' })).toBeVisible();
  const list = page.getByTestId('slot-list');
  await expect(list.getByRole('button').first()).toBeVisible();
  await expectNoAxeViolations(page);
  await list.getByRole('button').nth(1).click();
  await page.getByRole('button', { name: /^Move to / }).click();
  await expectHeading(page, 'Your appointment was moved');
  await expect(page.getByRole('status')).toHaveText(/^Your appointment was moved to /);
  await expectNoAxeViolations(page);
  await screenshot(page, 'manage-rescheduled');
  await emailTo(request, email, /^Your appointment at Bright Smile Dental was moved: /);

  // Cancel: asked first, with a reason, then read-only.
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'manage-cancel-dialog');
  await dialog.getByRole('radio', { name: 'It no longer fits my schedule' }).check();
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expectHeading(page, 'This appointment is cancelled');
  await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Book a new appointment' })).toHaveAttribute('href', '/bright-smile');
  await expectNoAxeViolations(page);
  await screenshot(page, 'manage-cancelled');
  await emailTo(request, email, /^Your appointment at Bright Smile Dental is cancelled$/);

  // The link still opens, read-only, after a reload.
  await page.reload();
  await expectHeading(page, 'This appointment is cancelled');
});

test('by keyboard alone: page 7 leads to the manage page, where the booking is cancelled', async ({ page }) => {
  await page.goto('/bright-smile');
  await choosePatientType(page, 'New Patient');
  await chooseReason(page, 'New Patient Exam');
  await chooseProvider(page, 'Dr. Ben Carter');
  await chooseSlot(page, 7);
  await fillContact(page, { ...PATIENT, email: `keys.${Date.now().toString(36)}@example.com`, visitedBefore: 'No' });
  await answerNoInsurance(page);
  await agreeToContact(page, brightSmile.name);
  await submitBooking(page);
  await expectStep(page, HEADINGS.booked, null);
  await expect(page.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'page-7-manage-link');

  const manage = page.getByRole('link', { name: 'Manage your appointment' });
  await tabTo(page, manage);
  await page.keyboard.press('Enter');
  await expectHeading(page, 'Your appointment is booked');

  // A booking made minutes ago may be cancelled in its grace period even inside the cutoff.
  const cancel = page.getByRole('button', { name: 'Cancel appointment' });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('radio').first()).toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Yes, cancel it' }));
  await page.keyboard.press('Enter');
  await expectHeading(page, 'This appointment is cancelled');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

/** Presses Tab until `target` has focus (at most 40 times). */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}
