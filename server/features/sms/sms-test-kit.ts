import type { FastifyInstance } from 'fastify';
import twilio from 'twilio';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { startFakeTwilio } from '../../test/fake-twilio-server.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { filledByHooks, fixedClock, withTestApp, type WithTestAppOptions } from '../../test/test-app.ts';
import { postReviewRequest, TEST_ADMIN_KEY, TEST_PUBLIC_URL } from '../reviews/review-test-support.ts';

/** Test helpers for texts: practices with and without their own sender, review texts out, replies in. */

export const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
export const AUTH_TOKEN = 'test-twilio-auth-token-0123456789';
export const TWILIO_FROM = '+15125550100';
export const OWN_NUMBER = '+15125550111';
export const SERVICE_SID = `MG${'ab'.repeat(16)}`;
export const INBOUND_URL = '/api/v1/sms/inbound';

/** Config for a test app that texts through the stand-in at `apiUrl`. */
export function twilioConfig(apiUrl: string) {
  return {
    twilio: { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: TWILIO_FROM, apiUrl },
    adminApiKey: TEST_ADMIN_KEY,
    publicUrl: TEST_PUBLIC_URL,
  };
}

/** One practice texting from its own number, two sharing TWILIO_FROM, one through a Messaging Service. */
export const TEXTING_PRACTICES = [
  practiceConfig({ form_url: 'own-number', name: 'Own Number Dental', sms_from: OWN_NUMBER }),
  practiceConfig({ form_url: 'shared-a', name: 'Shared A Dental' }),
  practiceConfig({ form_url: 'shared-b', name: 'Shared B Dental' }),
  practiceConfig({ form_url: 'via-service', name: 'Service Dental', sms_from: SERVICE_SID }),
];

/** Queues a review request by text (and e-mail) from the practice at `formUrl` to `phone`. */
export async function queueReviewText(app: FastifyInstance, formUrl: string, phone: string): Promise<void> {
  const { status, body } = await postReviewRequest(app, {
    form_url: formUrl,
    wireless_phone: phone,
    email: 'ana@example.com',
    is_concented: true,
    send: true,
  });
  expect(status, JSON.stringify(body)).toBe(201);
}

/** Runs the app's own message handlers (with its sender and opt-out rules) until nothing is due. */
export async function runAppJobs(app: FastifyInstance, db: Database, clock: Clock): Promise<void> {
  const worker = createJobWorker({
    db,
    clock,
    handlers: app.background.jobHandlers,
    logger: { warn: () => undefined, error: () => undefined },
  });
  for (let pass = 0; pass < 20 && (await worker.runDueJobs()) > 0; pass++);
}

let sidCounter = 0;

/** Posts a form as Twilio does, signed unless told otherwise; `url`: another webhook (status reports). */
export async function textIn(
  app: FastifyInstance,
  fields: Record<string, string>,
  options: { signature?: string | null; url?: string } = {},
) {
  const url = options.url ?? INBOUND_URL;
  const form = {
    MessageSid: `SM${(++sidCounter).toString(16).padStart(32, '0')}`,
    AccountSid: ACCOUNT_SID,
    NumMedia: '0',
    ...fields,
  };
  const signature =
    options.signature === undefined
      ? twilio.getExpectedTwilioSignature(AUTH_TOKEN, `${TEST_PUBLIC_URL}${url}`, form)
      : options.signature;
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(signature === null ? {} : { 'x-twilio-signature': signature }),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

export async function inboundTexts(db: Database) {
  return db.query<{
    practice_id: string | null;
    from_number: string;
    to_number: string;
    body: string;
    kind: string;
    provider_message_id: string;
  }>(
    `select practice_id, from_number, to_number, body, kind, provider_message_id from inbound_texts order by
       received_at, provider_message_id`,
  );
}

export async function smsConsents(db: Database, recipient: string) {
  return db.query<{ practice_id: string; granted: boolean; source: string; words: string }>(
    `select practice_id, granted, source, words from contact_consents where channel = 'sms' and recipient = $1
       order by seq`,
    [recipient],
  );
}

type FakeTwilio = Awaited<ReturnType<typeof startFakeTwilio>>;

/** What the texting API tests share besides the app: read once the hooks have run. */
export interface TextingSetUp {
  /** The app's options for `withTestApp`, read when its hook runs (the stand-in has started by then). */
  options: () => WithTestAppOptions;
  /** The Twilio stand-in the app texts through. */
  twilio: FakeTwilio;
  /** The texting practices' ids, by form_url. */
  ids: Record<string, string>;
}

/**
 * The set-up of the texting API tests, for `withTestApp(setUp.options)`: a Twilio stand-in and
 * the texting practices; the stand-in's texts and the texting tables are emptied before each test.
 */
export function textingSetUp(clock: Clock): TextingSetUp {
  const { context: twilio, fill } = filledByHooks<FakeTwilio>('textingSetUp');
  const ids: Record<string, string> = {};
  let server: FakeTwilio | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    server = await startFakeTwilio();
    fill(server);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    twilio.texts.length = 0;
    // The consent ledger refuses deletes (ADR 0043): its owner, the test role, sets the trigger aside
    // for the moment it takes to empty it, as an operator would have to.
    await database!.exec(
      `delete from jobs; delete from message_deliveries; delete from sms_sends; delete from inbound_texts;
       delete from outbox_messages;
       alter table contact_consents disable trigger contact_consents_append_only; delete from contact_consents;
       alter table contact_consents enable trigger contact_consents_append_only;`,
    );
  });
  const options = (): WithTestAppOptions => ({
    clock,
    config: twilioConfig(server!.url),
    seed: async (db) => {
      database = db;
      Object.assign(ids, await importPractices(db, ...TEXTING_PRACTICES));
    },
  });
  return { options, twilio, ids };
}

/** The texting API tests' app at a fixed noon: `withTestApp` on `textingSetUp`. */
export function withTextingApp() {
  const clock = fixedClock('2026-03-02T12:00:00Z');
  const { options, twilio, ids } = textingSetUp(clock);
  return { clock, twilio, ids, texting: withTestApp(options) };
}
