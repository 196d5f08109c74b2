import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#domain/time/local-date.ts';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe-server.ts';
import { withProcessDatabase } from '../../test/process-database.ts';
import { solvedChallengeFrom, type ServerProcess } from '../../test/server-process.ts';
import { newPatientAtSlot } from '../../test/booking-factory.ts';
import { smtpCatcher, type CaughtMail } from '../../test/smtp-catcher.ts';

/**
 * Invariant 6, end to end: a real server process at LOG_LEVEL=debug, with SMTP, Twilio and Stripe
 * pointed at local stand-ins, takes a patient through verification, a booking and a payment
 * hold. The patient's name, e-mail, phone and birth date then appear nowhere in its output, in
 * nothing Stripe receives, and in no message except those to the patient and to the practice;
 * and every connection the process opens goes to a stand-in (or the database server).
 */
const PATIENT = {
  first_name: 'Zebulon',
  last_name: 'Quackenbush',
  email: 'zebulon.quackenbush@patient.example',
  wireless_phone: '+15125550142',
  dob: '1984-07-19',
};
const PRACTICE_EMAIL = 'hello@verify-dental.example';
// Every spelling a log line or a provider might use.
const NEEDLES = [
  PATIENT.first_name,
  PATIENT.last_name,
  PATIENT.email,
  'zebulon.quackenbush%40',
  PATIENT.wireless_phone,
  '%2B15125550142',
  '5125550142',
  '512-555-0142',
  '(512) 555-0142',
  '512 555 0142',
  PATIENT.dob,
  '07/19/1984',
  '19840719',
];
const found = (text: string) => NEEDLES.filter((needle) => text.toLowerCase().includes(needle.toLowerCase()));

interface TwilioRequest {
  path: string;
  form: URLSearchParams;
}

const database = withProcessDatabase();
let smtp: SMTPServer;
let twilio: Server;
let stripe: FakeStripe;
let server: ServerProcess | undefined;
const mails: CaughtMail[] = [];
const texts: TwilioRequest[] = [];
const ports: Record<'smtp' | 'twilio' | 'stripe', number> = { smtp: 0, twilio: 0, stripe: 0 };

beforeAll(async () => {
  smtp = smtpCatcher((mail) => mails.push(mail));
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  ports.smtp = (smtp.server.address() as AddressInfo).port;

  // The first text is refused the way Twilio refuses a number, with the number in the error, so
  // the failure also goes through the worker's logging.
  twilio = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      texts.push({ path: request.url ?? '', form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')) });
      const [status, body] =
        texts.length === 1
          ? [
              400,
              {
                code: 21211,
                message: `The 'To' number ${PATIENT.wireless_phone} is not a valid phone number.`,
                status: 400,
              },
            ]
          : [201, { sid: `SM${texts.length}`, status: 'queued' }];
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => twilio.listen(0, '127.0.0.1', resolve));
  ports.twilio = (twilio.address() as AddressInfo).port;
  stripe = await startFakeStripe();
  ports.stripe = stripe.port;

  server = await database.startServer(
    {
      LOG_LEVEL: 'debug',
      RECORD_CONNECTIONS_TO: join(database.dir, 'connections.txt'),
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'privacy-test-token-0123',
      TWILIO_FROM: '+12125550199',
      TWILIO_API_URL: `http://127.0.0.1:${ports.twilio}`,
      STRIPE_SECRET_KEY: 'sk_test_privacy',
      STRIPE_WEBHOOK_SECRET: 'whsec_privacy',
      STRIPE_API_URL: `http://127.0.0.1:${ports.stripe}`,
    },
    { captureOutput: true, nodeArgs: ['--import', './server/test/connection-recorder.ts'] },
  );
});
afterAll(async () => {
  await server?.kill();
  await new Promise<void>((resolve) => smtp?.close(() => resolve()));
  await new Promise<void>((resolve) => (twilio ? twilio.close(() => resolve()) : resolve()));
  await stripe?.close();
});

async function api(path: string, init: { method?: string; body?: object; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${server!.base}/api/v1${path}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body ? { 'content-type': 'application/json' } : {}), ...init.headers },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: response.status, body: await response.json() };
}

async function waitFor<T>(what: string, probe: () => T | undefined): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const value = probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function bookThroughTheApi(): Promise<void> {
  const practice = (await api('/form/verify-dental')).body.result;
  const reasons = (await api(`/reason-for-visit?practice_id=${practice.id}`)).body.result as {
    id: string;
    name: string;
  }[];
  const today = new Date().toISOString().slice(0, 10);
  const slotsOf = async (reasonId: string) =>
    (
      await api(
        `/appointment/slots?practice_id=${practice.id}&reason_for_visit_id=${reasonId}` +
          `&start_date=${addDays(today, 2)}&end_date=${addDays(today, 30)}`,
      )
    ).body.result as { DateTimeStart: string; DateTimeEnd: string; ProvNum: number; OpNum: number }[];
  const booking = (
    reasonId: string,
    slot: { DateTimeStart: string; DateTimeEnd: string; ProvNum: number; OpNum: number },
  ) => ({
    practice_id: practice.id,
    rfv_id: reasonId,
    ...PATIENT,
    ...newPatientAtSlot(slot),
    message: 'Please call me back',
  });

  const check = await api(
    `/patient/check?practice_id=${practice.id}&first_name=${PATIENT.first_name}&last_name=${PATIENT.last_name}` +
      `&dob=${PATIENT.dob}`,
  );
  expect(check.body.result).toEqual({ exists: false });
  expect(
    (await api('/patient', { method: 'POST', body: { practice_id: practice.id, ...PATIENT } })).status,
  ).toBeLessThan(300);

  const contact = { recipient: PATIENT.email, verification_type: 'email', practice_id: practice.id };
  // Twilio refuses the first text (see above): the patient is told (ADR 0021), without Twilio's words or the number.
  const refused = await api('/verify/send-otp', {
    method: 'POST',
    body: { recipient: PATIENT.wireless_phone, verification_type: 'text', practice_id: practice.id },
  });
  expect(refused).toMatchObject({
    status: 502,
    body: {
      code: 'DELIVERY_FAILED',
      message: 'We could not send the code to this phone number. Please check it and try again.',
    },
  });
  expect((await api('/verify/send-otp', { method: 'POST', body: contact })).status).toBe(200);
  const code = await waitFor(
    'the code by e-mail',
    () => /verification code is:? (\d{6})/.exec(mails.find((m) => m.to.includes(PATIENT.email))?.raw ?? '')?.[1],
  );
  const token = (await api('/verify/verify-otp', { method: 'POST', body: { ...contact, otp: code } })).body.result
    .verification_token as string;

  const checkup = reasons.find((r) => r.name === 'Checkup')!;
  const [slot] = await slotsOf(checkup.id);
  const paid = reasons.find((r) => r.name === 'Cosmetic Consultation')!;
  const paidSlot = (await slotsOf(paid.id)).find(
    (s) => s.DateTimeStart.slice(0, 10) !== slot!.DateTimeStart.slice(0, 10),
  )!;
  // The payment hold first: a hold does not spend the verification, the booking that commits does (ADR 0012).
  const session = await api('/stripe/create-session', {
    method: 'POST',
    body: {
      ...booking(paid.id, paidSlot),
      success_url: `${server!.base}/verify-dental/payment-success`,
      cancel_url: `${server!.base}/verify-dental/payment-failed`,
    },
    headers: { 'x-bot-challenge': await solvedChallengeFrom(server!.base), 'x-verification-token': token },
  });
  expect(session.status, JSON.stringify(session.body)).toBe(201);
  expect(
    (await api(`/stripe/check-payment-status?session_id=${session.body.result.session_id}&practice_id=${practice.id}`))
      .body.apt_booked,
  ).toBe(false);

  const booked = await api('/appointment', {
    method: 'POST',
    body: booking(checkup.id, slot!),
    headers: { 'x-bot-challenge': await solvedChallengeFrom(server!.base), 'x-verification-token': token },
  });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);

  await waitFor('the confirmation and the practice notification', () =>
    // The code and the confirmation to the patient, the notification to the practice, the (refused) text.
    mails.some((m) => m.to.includes(PRACTICE_EMAIL)) &&
    mails.filter((m) => m.to.includes(PATIENT.email)).length >= 2 &&
    texts.length >= 1
      ? true
      : undefined,
  );
}

describe('patient data outside the database', () => {
  it(
    'appears only in messages to the patient and the practice: not in logs, not at Stripe, not elsewhere',
    { timeout: 90_000 },
    async () => {
      await bookThroughTheApi();
      // Let the worker finish and log, then stop the process cleanly so its output is complete.
      await waitFor('the failed text to be logged', () => (server!.output().includes('Twilio 400') ? true : undefined));
      await server!.kill('SIGTERM');
      const output = server!.output();

      // The capture works: the process logged requests at debug level, and the failed text.
      expect(output).toMatch(/"msg":"incoming request"/);
      expect(output).toContain('/api/v1/patient/check');
      expect(found(output)).toEqual([]);

      // Stripe: the amount, the line item and our ids, nothing about the patient.
      expect(stripe.requests.length).toBeGreaterThanOrEqual(2);
      for (const request of stripe.requests)
        expect(
          found(`${request.path} ${request.form.toString()} ${decodeURIComponent(request.form.toString())}`),
        ).toEqual([]);

      // Messages go only to the patient and the practice; the practice's carries the patient's data.
      expect(new Set(mails.flatMap((m) => m.to))).toEqual(new Set([PATIENT.email, PRACTICE_EMAIL]));
      expect(found(mails.find((m) => m.to.includes(PRACTICE_EMAIL))!.raw)).toEqual(
        expect.arrayContaining([PATIENT.first_name, PATIENT.last_name, PATIENT.email, PATIENT.dob]),
      );
      expect(texts.map((t) => t.form.get('To'))).toEqual(texts.map(() => PATIENT.wireless_phone));

      // Every connection the server opened went to a stand-in or to the database server.
      const allowed = new Set(Object.values(ports).map((port) => `127.0.0.1:${port}`));
      const databaseUrl = database.storage.DATABASE_URL;
      if (databaseUrl) allowed.add(`${new URL(databaseUrl).hostname}:${new URL(databaseUrl).port || 5432}`);
      const connections = (await readFile(join(database.dir, 'connections.txt'), 'utf8').catch(() => ''))
        .split('\n')
        .filter(Boolean);
      expect(connections.length).toBeGreaterThanOrEqual(3);
      expect([...new Set(connections)].filter((destination) => !allowed.has(destination))).toEqual([]);
    },
  );
});
