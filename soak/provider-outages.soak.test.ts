import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#domain/time/local-date.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { reasonId } from '#server/test/practice-factory.ts';
import { solvedChallengeFrom, startServerProcess, type ServerProcess } from '#server/test/server-process.ts';
import { createTestDatabase, type TestDatabase } from '#server/test/test-database.ts';
import { followJob, jobIdWhere, type FollowedJob } from './support/job-watch.ts';
import type { SlotRecord } from './support/mixed-load.ts';
import {
  OD_CUSTOMER_KEY,
  startProviderStandIns,
  STRIPE_WEBHOOK_SECRET,
  type ProviderStandIns,
} from './support/provider-stand-ins.ts';
import { soakBooking } from './support/soak-booking.ts';
import { importSoakPractices, SOAK_ZONE, soakPracticeConfig, type SoakPractice } from './support/soak-practices.ts';
import { report, soakSettings } from './support/soak-settings.ts';
import { deliveriesByKey } from './support/smtp-recorder.ts';

/**
 * Provider outages, against a real server process: SMTP refuses connections (421), Twilio
 * answers 503, Stripe answers 500 and Open Dental 500, each for its first
 * SOAK_PROVIDER_FAILED_ATTEMPTS attempts. What the API tests prove with a test clock (message,
 * write and refund jobs retried; adapters classifying failures) is shown here end to end, in
 * real time: each booking is answered 201 and kept, each failing job is retried after 30 s,
 * then 60 s (ADR 0010, up to 20 % earlier for jitter), and once the provider is back the message,
 * refund or Open Dental write happens exactly once. Starting a payment while Stripe is down is
 * a quick 503 that holds no slot.
 */
const settings = soakSettings();
const FAILS = settings.providerFailedAttempts;
const PHONE = '+15125550177';
const ADMIN_API_KEY = 'soak-admin-api-key-0123456789';
const PAID = 'Whitening';
let testDb: TestDatabase;
let providers: ProviderStandIns;
let server: ServerProcess;
let practices: Record<string, SoakPractice>;
let paidReasonId: string;

beforeAll(async () => {
  providers = await startProviderStandIns();
  testDb = await createTestDatabase();
  practices = await importSoakPractices(
    testDb.db,
    soakPracticeConfig('soak-open', {
      providers: 2,
      reasons: [{ name: PAID, final_duration: 15, amount: 75, is_payment_enabled: true, to_show_providers: true }],
    }),
    soakPracticeConfig('soak-verify', { providers: 1, isVerifying: true }),
    {
      ...soakPracticeConfig('soak-od', { providers: 1, pms: { type: 'opendental', customer_key: OD_CUSTOMER_KEY } }),
      schedules: [],
    },
  );
  paidReasonId = await reasonId(testDb.db, practices['soak-open']!.id, PAID);
  server = await startServerProcess(
    { DATABASE_URL: testDb.url!, ADMIN_API_KEY, ...providers.env },
    { captureOutput: true },
  );
});
afterAll(async () => {
  await server?.kill();
  await providers?.close();
  await testDb?.destroy();
});

async function api(path: string, init: { body?: object; headers?: Record<string, string> } = {}) {
  const started = performance.now();
  const response = await fetch(`${server.base}/api/v1${path}`, {
    method: init.body ? 'POST' : 'GET',
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: response.status, body: await response.json(), ms: performance.now() - started };
}

async function slotsOf(practice: SoakPractice, reason: string): Promise<SlotRecord[]> {
  const from = addDays(localDateOf(new Date(), SOAK_ZONE), 1);
  const answer = await api(
    `/appointment/slots?practice_id=${practice.id}&reason_for_visit_id=${reason}&start_date=${from}` +
      `&end_date=${addDays(from, 6)}&pms_prov_num=1`,
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.result;
}

let counter = 0;
async function post(path: string, practice: SoakPractice, reason: string, slot: SlotRecord, extra: object = {}) {
  const n = counter++;
  const body = {
    ...soakBooking({ id: practice.id, reasonId: reason }, slot, { n, tag: 'outages', email: `o${n}@soak.example` }),
    ...extra,
  };
  return api(path, { body, headers: { 'x-bot-challenge': await solvedChallengeFrom(server.base) } });
}

const returnUrls = () => ({
  success_url: `${server.base}/soak-open/payment-success`,
  cancel_url: `${server.base}/soak-open/payment-failed`,
});

function webhook(sessionId: string, paymentIntent: string) {
  const payload = JSON.stringify({
    id: `evt_soak_${sessionId}`,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        status: 'complete',
        payment_intent: paymentIntent,
        amount_total: 7500,
        metadata: {},
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
  return fetch(`${server.base}/api/v1/stripe/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    body: payload,
  });
}

/** Ends an outage once each of `jobs` jobs has failed FAILS times. */
function recoverAfter(jobs: number, recover: () => void) {
  let reached = 0;
  return (attempt: number) => {
    if (attempt === FAILS && ++reached === jobs) recover();
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

describe('provider outages', () => {
  it(`SMTP, Twilio, Stripe, Open Dental failing ${FAILS}×: bookings kept, jobs retried, then done once`, async () => {
    const { smtp, twilio, stripe, openDental } = providers;
    const open = practices['soak-open']!;
    const paidSlots = await slotsOf(open, paidReasonId);
    const [heldSlot, mailSlot, refusedSlot] = [paidSlots[0]!, paidSlots[4]!, paidSlots[8]!];

    // While Stripe still works, a patient starts paying for a visit; the payment will come late.
    const hold = await post('/stripe/create-session', open, paidReasonId, heldSlot, returnUrls());
    expect(hold.status, JSON.stringify(hold.body)).toBe(201);

    smtp.state.isDown = true;
    twilio.state.isDown = true;
    stripe.failNext = 1_000_000;
    openDental.fail('server-error', { times: FAILS, method: 'GET', path: '/patients/Simple' });

    const mailed = await post('/appointment', open, open.reasonId, mailSlot);
    expect(mailed.status, JSON.stringify(mailed.body)).toBe(201);
    // A one-time code is tried at once and the patient told (ADR 0021): no code arrives later.
    const coded = await api('/verify/send-otp', {
      body: { recipient: PHONE, verification_type: 'text', practice_id: practices['soak-verify']!.id },
    });
    expect(coded, JSON.stringify(coded.body)).toMatchObject({
      status: 502,
      body: { code: 'DELIVERY_FAILED', message: expect.stringMatching(/try again/i) },
    });
    // Any other text (here a review request) waits in the job table for Twilio to come back.
    const texted = await api('/admin/review-requests', {
      body: {
        form_url: 'soak-open',
        patient_first_name: 'Tex',
        patient_last_name: 'Ting',
        wireless_phone: PHONE,
        is_concented: true,
        send: true,
      },
      headers: { authorization: `Bearer ${ADMIN_API_KEY}` },
    });
    expect(texted.status, JSON.stringify(texted.body)).toBe(201);

    const refused = await post('/stripe/create-session', open, paidReasonId, refusedSlot, returnUrls());
    expect(refused).toMatchObject({
      status: 503,
      body: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/try again/i) },
    });
    expect((await slotsOf(open, paidReasonId)).map((s) => s.DateTimeStart)).toContain(refusedSlot.DateTimeStart);

    // The late payment: the hold ran out (what the hold sweep does 30 minutes on, done here by
    // hand) and another patient took the slot; the money must go back, through Stripe.
    const [held] = await testDb.db.query<{ id: string }>(
      `update appointments set status = 'expired', payment_status = 'unpaid' where payment_session_id = $1
         returning id`,
      [hold.body.result.session_id],
    );
    const taker = await post('/appointment', open, open.reasonId, heldSlot);
    expect(taker.status, JSON.stringify(taker.body)).toBe(201);
    expect((await webhook(hold.body.result.session_id, 'pi_soak_late')).status).toBe(200);

    const od = practices['soak-od']!;
    const written = await post('/appointment', od, od.reasonId, (await slotsOf(od, od.reasonId))[2]!);
    expect(written.status, JSON.stringify(written.body)).toBe(201);

    const mailedId = mailed.body.result.appointment_id as string;
    const writtenId = written.body.result.appointment_id as string;
    const jobOf = (key: string) => jobIdWhere(testDb.db, 'dedupe_key = $1', [key]);
    const follow = async (key: string, onFailure?: (attempt: number) => void) =>
      followJob(testDb.db, await jobOf(key), {
        timeoutMs: (30 * (2 ** FAILS - 1) + 60) * 1000,
        ...(onFailure ? { onFailure } : {}),
      });
    const mailBack = recoverAfter(2, () => (smtp.state.isDown = false));
    const [confirmation, notification, text, refund, write] = await Promise.all([
      follow(`email:booking-confirmation:${mailedId}`, mailBack),
      follow(`email:booking-notification:${mailedId}`, mailBack),
      follow(
        `sms:review-request:${texted.body.result.request_id as string}`,
        recoverAfter(1, () => (twilio.state.isDown = false)),
      ),
      follow(
        `refund:${held!.id}`,
        recoverAfter(1, () => (stripe.failNext = 0)),
      ),
      follow(`opendental.write-appointment:${writtenId}`),
    ]);

    const describeJob = (job: FollowedJob) =>
      `${job.status} after ${job.attempts} attempts, retries after ${job.delaysMs.map(seconds).join(', ')}`;
    report(
      'outage SMTP',
      `${smtp.state.refused} connections refused; confirmation ${describeJob(confirmation)}; ` +
        `notification ${describeJob(notification)}`,
    );
    report(
      'outage Twilio',
      `${twilio.state.refused} requests refused; one-time code answered 502 in ${coded.ms.toFixed(0)} ` +
        `ms; review-request text ${describeJob(text)}`,
    );
    report(
      'outage Stripe',
      `payment start answered 503 in ${refused.ms.toFixed(0)} ms, nothing held; late-payment refund ` +
        `${describeJob(refund)}`,
    );
    report('outage Open Dental', `write ${describeJob(write)}`);

    for (const job of [confirmation, notification, text, refund, write]) {
      expect(job, server.output().slice(-3_000)).toMatchObject({ status: 'done', attempts: FAILS + 1 });
      // Attempt n failed: the next waits 30 s × 2^(n−1), less up to 20 % jitter.
      job.delaysMs.forEach((delay, i) => {
        expect(delay).toBeGreaterThanOrEqual(0.8 * 30_000 * 2 ** i);
        expect(delay).toBeLessThanOrEqual(30_000 * 2 ** i);
      });
      expect(job.errors.every((error) => error.length > 0)).toBe(true);
    }

    // Each delivered once, and every booking still there.
    const deliveries = deliveriesByKey(smtp.state.mails);
    expect([
      deliveries.get(`booking-confirmation:${mailedId}`),
      deliveries.get(`booking-notification:${mailedId}`),
    ]).toEqual([1, 1]);
    expect(twilio.state.texts.filter((t) => t.to === PHONE)).toHaveLength(1);
    expect(stripe.refunds.filter((intent) => intent === 'pi_soak_late')).toHaveLength(1);
    expect(openDental.requests.filter((r) => r.method === 'POST' && r.path === '/appointments')).toHaveLength(1);
    const rows = await testDb.db.query<{
      id: string;
      status: string;
      payment_status: string | null;
      pms_write_status: string | null;
      pms_apt_num: number | null;
    }>(
      'select id, status, payment_status, pms_write_status, pms_apt_num from appointments where id = any($1::uuid[])',
      [[mailedId, taker.body.result.appointment_id, writtenId, held!.id]],
    );
    expect(new Map(rows.map((row) => [row.id, row]))).toEqual(
      new Map([
        [mailedId, expect.objectContaining({ status: 'booked' })],
        [taker.body.result.appointment_id, expect.objectContaining({ status: 'booked' })],
        [
          writtenId,
          expect.objectContaining({ status: 'booked', pms_write_status: 'written', pms_apt_num: expect.any(Number) }),
        ],
        [held!.id, expect.objectContaining({ payment_status: 'refunded' })],
      ]),
    );

    // Stripe is back: the slot the failed start did not hold can be held now.
    expect((await post('/stripe/create-session', open, paidReasonId, refusedSlot, returnUrls())).status).toBe(201);
  });
});
