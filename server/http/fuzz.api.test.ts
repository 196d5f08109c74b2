import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fixedClock, withTestApp } from '../test/test-app.ts';
import { importPractices, practiceConfig, reasonId } from '../test/practice-factory.ts';
import { bookingBody } from '../test/booking-factory.ts';
import { solveBotChallenge } from '../test/bot-challenge.ts';
import { addDays } from '#domain/time/local-date.ts';

/**
 * Invariant 7, by property: whatever a user or a bot sends to any endpoint, the answer is a 4xx
 * JSON error with a message (never a 5xx), the server stays up, and nothing is written.
 * FUZZ_RUNS raises the count for the soak run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const clock = fixedClock('2026-03-02T12:00:00Z');
let practiceId: string;
let examId: string;
let allHoursId: string;
let allHoursExamId: string;

const ctx = withTestApp({
  clock,
  seed: async (db) => {
    const ids = await importPractices(
      db,
      practiceConfig({ to_show_insurances: true }),
      // Open every hour of every day, so hostile times reach the DST days' arithmetic too.
      practiceConfig({
        form_url: 'all-hours',
        min_hours_before_booking: 2,
        closures: [{ date: '2026-03-10' }],
        schedules: [
          { pms_prov_num: 1, pms_op_num: 1, weekdays: [0, 1, 2, 3, 4, 5, 6], start: '00:00', end: '24:00', breaks: [] },
        ],
        reasons: [
          { name: 'Exam', final_duration: 30, to_show_providers: true, providers: [1], for_returning_patients: false },
        ],
      }),
    );
    practiceId = ids['test-practice']!;
    examId = await reasonId(db, practiceId, 'Exam');
    allHoursId = ids['all-hours']!;
    allHoursExamId = await reasonId(db, allHoursId, 'Exam');
  },
});

const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\uD800',
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '02/30/2024',
    '13/01/2000',
    '9999-12-31',
    '2026-02-30',
    '-1',
    '1e309',
    'NaN',
    '../../etc/passwd',
    '%00',
    'null',
    '{}',
    '[]',
  ),
  fc.string({ minLength: 5_000, maxLength: 20_000 }),
);
const value = fc.oneof(
  nasty,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nasty, { maxLength: 3 }),
  fc.dictionary(nasty, nasty, { maxKeys: 3 }),
);
const deep = fc
  .integer({ min: 50, max: 2_000 })
  .map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown);

const BOOKING_FIELDS = [
  'practice_id',
  'first_name',
  'last_name',
  'email',
  'wireless_phone',
  'dob',
  'rfv_id',
  'pms_op_num',
  'pms_prov_num',
  'apt_date',
  'start_time',
  'end_time',
  'is_patient',
  'booker_first_name',
  'booker_last_name',
  'booker_dob',
  'message',
  'referrer_id',
  'user_meta',
  'source_meta',
  'pms_clinic_num',
  'is_concented',
  'utm_details',
  'payment_details',
  'has_insurance',
  'insurance_details',
  'hp',
  'recipient',
  'verification_type',
  'otp',
  'success_url',
  'cancel_url',
  'request_id',
  'feedback_category',
  'feedback_description',
];
const bodyLike = fc.oneof(
  fc.record(Object.fromEntries(BOOKING_FIELDS.map((f) => [f, value])), { requiredKeys: [] }),
  fc.record(
    {
      practice_id: fc.constant('PRACTICE'),
      rfv_id: fc.constant('REASON'),
      first_name: value,
      dob: value,
      apt_date: value,
      start_time: value,
      insurance_details: value,
    },
    { requiredKeys: ['practice_id'] },
  ),
  value,
  deep,
);

const POSTS = [
  '/api/v1/appointment',
  '/api/v1/patient',
  '/api/v1/verify/send-otp',
  '/api/v1/verify/verify-otp',
  '/api/v1/stripe/create-session',
  '/api/v1/stripe/webhook',
  '/api/v1/sms/inbound',
  '/api/v1/review/feedback',
  '/api/v1/admin/review-requests',
];
const GETS = [
  '/api/v1/form/',
  '/api/v1/clinic?practice_id=',
  '/api/v1/reason-for-visit?practice_id=',
  '/api/v1/appointment/slots?practice_id=PRACTICE&reason_for_visit_id=',
  '/api/v1/appointment/slots?practice_id=PRACTICE&reason_for_visit_id=REASON&start_date=2026-03-02&end_date=',
  '/api/v1/patient/check?practice_id=PRACTICE&first_name=',
  '/api/v1/stripe/check-payment-status?practice_id=PRACTICE&session_id=',
  '/api/v1/review/verify-request-link/',
  '/api/v1/review/track/',
];

const fill = (text: string) => text.replaceAll('PRACTICE', practiceId).replaceAll('REASON', examId);
const counts = async () =>
  (
    await ctx.db.query<{ a: number; p: number }>(
      'select (select count(*) from appointments)::int as a, (select count(*) from patients)::int as p',
    )
  )[0];

function expectClientError(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  what: string,
) {
  expect(
    response.statusCode,
    `${what} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
  ).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, `${what} -> ${response.body.slice(0, 200)}`).toBeLessThan(500);
  expect(String(response.headers['content-type'])).toContain('application/json');
  const parsed = JSON.parse(response.body) as { success: boolean; message: string };
  expect(parsed.success).toBe(false);
  expect(parsed.message.length).toBeGreaterThan(0);
}

describe('fuzzing every endpoint', () => {
  it('answers malformed JSON bodies with a 4xx JSON error and writes nothing', async () => {
    const before = await counts();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...POSTS), bodyLike, async (url, body) => {
        const payload = fill(JSON.stringify(body) ?? 'null');
        const response = await ctx.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json', 'x-bot-challenge': 'x' },
          payload,
        });
        expectClientError(response, `POST ${url} ${payload.slice(0, 120)}`);
      }),
      { numRuns: RUNS },
    );
    expect(await counts()).toEqual(before);
  });

  it('answers malformed query and path values with a 4xx JSON error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...GETS), nasty, async (prefix, text) => {
        // Every UTF-8 byte percent-encoded (lone surrogates included), plus raw invalid sequences.
        const encoded = [...Buffer.from(text.slice(0, 3_000))]
          .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
          .join('');
        const url = fill(prefix) + (text.length % 7 === 3 ? `${encoded}%FF%E0%A4` : encoded);
        const response = await ctx.app.inject({ method: 'GET', url });
        // A made-up practice slug or token is simply not found; only the answer's shape matters.
        if (response.statusCode === 200 || response.statusCode === 302) return;
        expectClientError(response, `GET ${url.slice(0, 160)}`);
      }),
      { numRuns: RUNS },
    );
  });

  it.each([
    ['text/plain', 'hello'],
    ['application/xml', '<a/>'],
    ['multipart/form-data; boundary=x', '--x--'],
    ['application/json', '{"a":'],
    ['application/json', '\u00ff\u00fe invalid utf-8 \udc00'],
  ])('answers a %s body to every write with a 4xx', async (contentType, payload) => {
    for (const url of POSTS) {
      const response = await ctx.app.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload });
      expectClientError(response, `${contentType} to ${url}`);
    }
  });

  it('answers bodies over the limit (1 MB and 10 MB) with 413', async () => {
    for (const size of [1_000_000, 10_000_000]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/v1/appointment',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ message: 'x'.repeat(size) }),
      });
      expect(response.statusCode).toBe(413);
      expectClientError(response, `${size} bytes`);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
  });
});

// Hostile calendar values: impossible days, extreme and extended years, DST gaps and overlaps in
// New York, off-format spellings, and real dates from far past to far future.
const pad = (n: number, width: number) => String(n).padStart(width, '0');
const hostileDate = fc.oneof(
  fc.constantFrom(
    '2026-02-30',
    '2026-02-29',
    '2028-02-29',
    '9999-12-31',
    '0000-01-01',
    '0999-12-31',
    '1000-01-01',
    '2026-13-01',
    '2026-00-10',
    '2026-03-00',
    '2026-03-32',
    '+02026-03-03',
    '2026-3-3',
    '2026-03-03T10:00',
    '',
    '275760-09-13',
    '2026-03-08',
    '2026-11-01',
    '2027-02-28',
    '2027-03-01',
    '2026-03-10',
    '１９９０-０１-０１',
  ),
  fc
    .tuple(fc.integer({ min: 0, max: 9999 }), fc.integer({ min: 0, max: 13 }), fc.integer({ min: 0, max: 32 }))
    .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`),
  fc.integer({ min: -800, max: 1_200 }).map((days) => addDays('2026-03-02', days)),
  fc
    .date({ min: new Date(-8.64e15), max: new Date(8.64e15), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
);
const hostileTime = fc.oneof(
  fc.constantFrom(
    '24:00:00',
    '23:59:59',
    '00:00:00',
    '02:30:00',
    '01:30:00',
    '12:60:00',
    '9:00:00',
    '09:00',
    '09:00:00.000',
    '-1:00:00',
    '09:00:00Z',
    '',
  ),
  fc
    .tuple(fc.integer({ min: 0, max: 25 }), fc.integer({ min: 0, max: 61 }), fc.constantFrom(0, 0, 0, 30, 60))
    .map(([h, m, sec]) => `${pad(h, 2)}:${pad(m, 2)}:${pad(sec, 2)}`),
);

describe('fuzzing behind the bot challenge', () => {
  // Each request carries a freshly solved challenge (ALTCHA_MAX_NUMBER is 100 in tests), so the
  // slot check, the time-zone maths and the insert are reached, not just the body parser.
  it('answers hostile dates and times on POST appointment with a 2xx or a 4xx naming a field, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        hostileDate,
        hostileTime,
        hostileTime,
        hostileDate,
        fc.option(hostileDate),
        fc.option(
          fc.constantFrom('New Patient', 'Returning Patient') as fc.Arbitrary<'New Patient' | 'Returning Patient'>,
        ),
        async (isAllHours, aptDate, startTime, endTime, dob, bookerDob, status) => {
          const body: Record<string, unknown> = {
            ...bookingBody({
              practice_id: isAllHours ? allHoursId : practiceId,
              rfv_id: isAllHours ? allHoursExamId : examId,
            }),
            apt_date: aptDate,
            start_time: startTime,
            end_time: endTime,
            dob,
            email: `fuzz-${Math.random().toString(36).slice(2)}@example.com`,
            ...(bookerDob !== null
              ? { is_patient: false, booker_first_name: 'Maria', booker_last_name: 'Lopez', booker_dob: bookerDob }
              : {}),
          };
          if (status === null) delete body.patient_status;
          else body.patient_status = status;
          const response = await ctx.app.inject({
            method: 'POST',
            url: '/api/v1/appointment',
            payload: body,
            headers: { 'x-bot-challenge': await solveBotChallenge(ctx.app) },
          });
          const what = `POST appointment ${JSON.stringify({ aptDate, startTime, endTime, dob, bookerDob, status })}`;
          if (response.statusCode === 201) return;
          expectClientError(response, what);
          const parsed = response.json() as { code: string; fields?: Record<string, string> };
          if (parsed.code === 'VALIDATION_FAILED')
            expect(Object.keys(parsed.fields ?? {}).length, what).toBeGreaterThan(0);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('answers hostile slot ranges with a 200 or a 400 naming the field, never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), hostileDate, hostileDate, async (isAllHours, start, end) => {
        const url =
          `/api/v1/appointment/slots?practice_id=${isAllHours ? allHoursId : practiceId}` +
          `&reason_for_visit_id=${isAllHours ? allHoursExamId : examId}` +
          `&start_date=${encodeURIComponent(start)}&end_date=${encodeURIComponent(end)}`;
        const response = await ctx.app.inject({ method: 'GET', url });
        if (response.statusCode === 200) return;
        expectClientError(response, `GET ${url}`);
        expect(Object.keys(response.json().fields ?? {}).length, url).toBeGreaterThan(0);
      }),
      { numRuns: RUNS },
    );
  });
});
