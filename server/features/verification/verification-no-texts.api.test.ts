import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { FormDetailsSchema } from '#domain/practice/practice-schemas.ts';
import { successEnvelopeSchema } from '#domain/api/envelope-schemas.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { createTestApp, fixedClock, testConfig, withTestDatabase } from '../../test/test-app.ts';
import { sendOtp } from './verification-test-kit.ts';
import { NO_TEXT_CODES_MESSAGE } from './verification-service.ts';

/**
 * A server without Twilio in production (config `offers.texts` false, ADR 0029): the practice's
 * public data offers codes by e-mail only, and a code asked for by text is refused with nothing
 * queued. Locally (the default) both channels are offered, the outbox standing in for Twilio.
 */
const clock = fixedClock('2026-03-02T12:00:00Z');
let withoutTexts: FastifyInstance;
let local: FastifyInstance;
let practiceId: string;

afterAll(async () => {
  await withoutTexts?.close();
  await local?.close();
});
const ctx = withTestDatabase(async (db) => {
  const ids = await importPractices(db, practiceConfig({ form_url: 'verify-by-mail', to_verify_patient: true }));
  practiceId = ids['verify-by-mail']!;
  withoutTexts = await createTestApp(db, {
    clock,
    config: { offers: { ...testConfig().offers, texts: false } },
  });
  local = await createTestApp(db, { clock });
});

const channels = async (app: FastifyInstance) =>
  successEnvelopeSchema(FormDetailsSchema).parse(
    (await app.inject({ method: 'GET', url: '/api/v1/form/verify-by-mail' })).json(),
  ).result.verification_channels;
const smsJobs = () => ctx.db.query(`select id from jobs where type = 'sms.send'`);

describe('verification on a server that sends no texts', () => {
  it("says in the practice's public data that codes go by e-mail only", async () => {
    expect(await channels(withoutTexts)).toEqual(['email']);
    expect(await channels(local)).toEqual(['email', 'text']);
  });

  it('refuses a code by text with a message for the patient, and queues no text', async () => {
    const sent = await sendOtp(withoutTexts, {
      recipient: '(512) 555-0177',
      verification_type: 'text',
      practice_id: practiceId,
    });
    expect(sent.status).toBe(400);
    expect(sent.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message: NO_TEXT_CODES_MESSAGE });
    expect(await smsJobs()).toEqual([]);
  });

  it('still sends codes by e-mail', async () => {
    const sent = await sendOtp(withoutTexts, {
      recipient: 'mail-only@example.com',
      verification_type: 'email',
      practice_id: practiceId,
    });
    expect(sent.status).toBe(200);
  });
});
