import { describe, expect, it } from 'vitest';
import { bookVisit, pressCheckoutButton } from '../test/booking-requests.ts';
import { bookingBody } from '../test/booking-factory.ts';
import { solveBotChallenge } from '../test/bot-challenge.ts';
import { importPractices, practiceConfig, reasonId } from '../test/practice-factory.ts';
import { fixedClock, withTestApp } from '../test/test-app.ts';

/**
 * Ids the API hands out (appointments, patients, review requests, payment sessions) are random
 * with at least 122 bits, so they cannot be enumerated; and an id of one practice is refused when
 * presented with another practice. Review tokens (192 bits) and verification tokens (HMAC) are
 * covered in their own features' tests.
 */
const clock = fixedClock('2026-03-02T12:00:00Z');
const ADMIN_KEY = 'admin-key-for-id-tests-0001';
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
// Tables whose `id` is not gen_random_uuid(): counters that never appear on the wire (code sends,
// texts sent, failed staff sign-ins), and the local checkout's session ids, made in code (checked
// above). The staff audit trail's id is an identity column because it is what makes the order of
// appends certain (two rows of the same instant); it is on the wire only as an entry's id and the
// paging cursor (`?before=`) of the owner-only audit API, which reads only the session's practice,
// so knowing or guessing one opens nothing. A practice's settings changes are ordered by theirs too,
// and the funnel's raw events are counted, never listed; neither id is on the wire (ADRs 0079, 0080).
const OTHER_ID_TABLES = [
  'practice_settings_changes',
  'funnel_events',
  'verification_sends',
  'local_checkout_sessions',
  'sms_sends',
  'staff_sign_in_failures',
  'staff_audit',
];

let ids: Record<string, string>;
let paidReason: string;
let otherPaidReason: string;

const ctx = withTestApp({
  clock,
  config: { adminApiKey: ADMIN_KEY },
  seed: async (db) => {
    const reasons = [
      { name: 'Exam', final_duration: 30 },
      { name: 'Whitening', final_duration: 30, amount: 75, is_payment_enabled: true },
    ];
    ids = await importPractices(
      db,
      practiceConfig({ form_url: 'first-dental', name: 'First Dental', reasons }),
      practiceConfig({ form_url: 'second-dental', name: 'Second Dental', reasons }),
    );
    paidReason = await reasonId(db, ids['first-dental']!, 'Whitening');
    otherPaidReason = await reasonId(db, ids['second-dental']!, 'Whitening');
  },
});

async function post(url: string, payload: object, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'POST', url, payload, headers });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json().result;
}

async function paymentSession(start: string, end: string): Promise<string> {
  const practiceId = ids['first-dental']!;
  const result = await post(
    '/api/v1/stripe/create-session',
    {
      ...bookingBody({ practice_id: practiceId, rfv_id: paidReason, start_time: start, end_time: end }),
      success_url: 'http://localhost:8080/first-dental/payment-success',
      cancel_url: 'http://localhost:8080/first-dental/payment-failed',
    },
    { 'x-bot-challenge': await solveBotChallenge(ctx.app) },
  );
  return result.session_id;
}

describe('ids handed out by the API', () => {
  it('are random version-4 UUIDs or, for payment sessions, 144 random bits', async () => {
    const practiceId = ids['first-dental']!;
    const exam = await reasonId(ctx.db, practiceId, 'Exam');
    const appointments = [
      await bookVisit(ctx.app, { practiceId, reasonId: exam, start_time: '09:00:00', end_time: '09:30:00' }),
      await bookVisit(ctx.app, { practiceId, reasonId: exam, start_time: '09:30:00', end_time: '10:00:00' }),
    ];
    const patients = await Promise.all(
      ['Eve', 'Flo'].map(
        async (first) =>
          (
            await post('/api/v1/patient', {
              practice_id: practiceId,
              first_name: first,
              last_name: 'Lopez',
              email: `${first}@example.com`,
              dob: '1990-04-12',
              wireless_phone: '+15125550123',
            })
          ).patient_id as string,
      ),
    );
    const requests = await Promise.all(
      ['Cy', 'Di'].map(
        async (first) =>
          (
            await post(
              '/api/v1/admin/review-requests',
              { form_url: 'first-dental', patient_first_name: first, patient_last_name: 'Lopez', send: false },
              { authorization: `Bearer ${ADMIN_KEY}` },
            )
          ).request_id as string,
      ),
    );
    for (const id of [...appointments, ...patients, ...requests]) expect(id).toMatch(UUID_V4);
    for (const pair of [appointments, patients, requests]) expect(pair[0]).not.toBe(pair[1]);

    const sessions = [await paymentSession('11:00:00', '11:30:00'), await paymentSession('11:30:00', '12:00:00')];
    for (const id of sessions) {
      expect(id).toMatch(/^cs_local_[\w-]+$/);
      expect(Buffer.from(id.slice('cs_local_'.length), 'base64url').length * 8).toBeGreaterThanOrEqual(144);
    }
    expect(sessions[0]).not.toBe(sessions[1]);
  });

  it('come from gen_random_uuid() in every other table', async () => {
    const columns = await ctx.db.query<{ table_name: string; data_type: string; column_default: string | null }>(
      `select table_name, data_type, column_default from information_schema.columns
        where table_schema = 'public' and column_name = 'id' order by table_name`,
    );
    expect(columns.length).toBeGreaterThan(10);
    for (const column of columns) {
      if (OTHER_ID_TABLES.includes(column.table_name)) continue;
      expect(column, column.table_name).toMatchObject({ data_type: 'uuid', column_default: 'gen_random_uuid()' });
    }
  });

  it('from gen_random_uuid() spread over every one of the 122 random bits', async () => {
    const rows = await ctx.db.query<{ id: string }>(
      'select gen_random_uuid()::text as id from generate_series(1, 2000)',
    );
    expect(new Set(rows.map((r) => r.id)).size).toBe(2000);
    const bits = rows.map((r) => BigInt(`0x${r.id.replaceAll('-', '')}`));
    // Version (bits 76-79) and variant (bits 62-63) are fixed; every other bit is set about half the time.
    const fixed = new Set([62, 63, 76, 77, 78, 79]);
    for (let bit = 0; bit < 128; bit++) {
      if (fixed.has(bit)) continue;
      const ones = bits.filter((value) => (value >> BigInt(bit)) & 1n).length;
      expect(ones, `bit ${bit}`).toBeGreaterThan(800);
      expect(ones, `bit ${bit}`).toBeLessThan(1200);
    }
  });
});

describe('ids used across practices', () => {
  it("refuses a paid session of one practice on another practice's success page and status check", async () => {
    const sessionId = await paymentSession('13:00:00', '13:30:00');
    const pay = await pressCheckoutButton(ctx.app, sessionId, 'pay');
    expect(pay.statusCode).toBe(303);
    const other = ids['second-dental']!;
    const status = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/stripe/check-payment-status?session_id=${sessionId}&practice_id=${other}`,
    });
    expect(status.statusCode).toBe(404);
    const claim = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/appointment',
      payload: {
        ...bookingBody({ practice_id: other, rfv_id: otherPaidReason }),
        payment_details: { amount: 75, payment_status: 'success', session_id: sessionId },
      },
    });
    expect(claim.statusCode).toBe(404);
    expect(JSON.stringify(claim.json())).not.toContain('13:00');
    // Its own practice's page still gets the booking.
    const own = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/appointment',
      payload: {
        ...bookingBody({ practice_id: ids['first-dental']!, rfv_id: paidReason }),
        payment_details: { amount: 75, payment_status: 'success', session_id: sessionId },
      },
    });
    expect(own.json().result).toMatchObject({ status: 'booked', start_time: '13:00:00' });
  });
});
