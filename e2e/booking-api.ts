import type { APIRequestContext } from '@playwright/test';
import { solveCaptchaChallenge } from '#domain/captcha/bot-challenge-solution.ts';
import { CaptchaChallengeSchema } from '#domain/captcha/captcha-schemas.ts';

/** Direct API calls the tests use to set the scene (ids, a competing booking). */

interface Envelope<T> {
  success: boolean;
  result: T;
}

export async function practiceId(request: APIRequestContext, formUrl: string): Promise<string> {
  const response = await request.get(`/api/v1/form/${formUrl}`);
  return ((await response.json()) as Envelope<{ id: string }>).result.id;
}

export async function reasonId(
  request: APIRequestContext,
  formUrl: string,
  name: string,
  clinicNum?: number,
): Promise<string> {
  const id = await practiceId(request, formUrl);
  const query = clinicNum ? `&pms_clinic_num=${clinicNum}` : '';
  const response = await request.get(`/api/v1/reason-for-visit?practice_id=${id}${query}`);
  const reason = ((await response.json()) as Envelope<{ id: string; name: string }[]>).result.find(
    (r) => r.name === name,
  );
  if (!reason) throw new Error(`${formUrl} has no reason "${name}"`);
  return reason.id;
}

export interface ApiSlot {
  DateTimeStart: string;
  DateTimeEnd: string;
  ProvNum: number;
  OpNum: number;
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** bright-smile's free Cleaning times from `fromDays` to `toDays` days from now. */
export async function cleaningSlotsAhead(
  request: APIRequestContext,
  fromDays: number,
  toDays: number,
): Promise<ApiSlot[]> {
  const query = new URLSearchParams({
    practice_id: await practiceId(request, 'bright-smile'),
    reason_for_visit_id: await reasonId(request, 'bright-smile', 'Cleaning'),
    start_date: isoDay(Date.now() + fromDays * DAY),
    end_date: isoDay(Date.now() + toDays * DAY),
  });
  const response = await request.get(`/api/v1/appointment/slots?${query}`);
  return ((await response.json()) as Envelope<ApiSlot[]>).result;
}

/** The X-Bot-Challenge value, solved as the browser solves it. */
export async function solvedBotChallenge(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/v1/captcha/challenge');
  const header = await solveCaptchaChallenge(
    CaptchaChallengeSchema.parse(((await response.json()) as Envelope<unknown>).result),
  );
  if (!header) throw new Error('The bot challenge could not be solved');
  return header;
}

/** Books the slot the browser is about to take, as another patient would. */
const SOMEONE_ELSE = ['Other', 'Olive', 'Oscar', 'Otto', 'Opal', 'Owen'];

/** `who` picks another person each time: one person holds one chair at a time (ADR 0062). */
export async function bookAsSomeoneElse(
  request: APIRequestContext,
  body: Record<string, unknown>,
  who = 0,
): Promise<number> {
  const firstName = SOMEONE_ELSE[who % SOMEONE_ELSE.length]!;
  const response = await request.post('/api/v1/appointment', {
    data: {
      ...body,
      first_name: firstName,
      last_name: 'Patient',
      email: `${firstName.toLowerCase()}.patient@example.com`,
      wireless_phone: `+1512555${String(100 + who).padStart(4, '0')}`,
    },
    headers: { 'X-Bot-Challenge': await solvedBotChallenge(request), 'Idempotency-Key': crypto.randomUUID() },
  });
  return response.status();
}
