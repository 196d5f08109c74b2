import { afterAll, describe, expect, it } from 'vitest';
import { createOutboxMailAdapter } from '../adapters/mail/outbox-mail-adapter.ts';
import { createTwilioSmsAdapter } from '../adapters/sms/twilio-sms-adapter.ts';
import { startFakeTwilio } from '../test/fake-twilio-server.ts';
import { fixedClock, withTestDatabase } from '../test/test-app.ts';
import { runJobsUntilIdle } from '../test/message-delivery.ts';
import { createMessageJobHandlers, enqueueSms } from './message-jobs.ts';

// A message's delivery row (ADR 0037): kept from queued to sent, and a hand-off a crash left in
// doubt asks the provider before it sends again.
let twilio: Awaited<ReturnType<typeof startFakeTwilio>>;
let sms: ReturnType<typeof createTwilioSmsAdapter>;
let handlers: ReturnType<typeof createMessageJobHandlers>;
const clock = fixedClock(new Date());
afterAll(async () => {
  await twilio?.close();
});
const ctx = withTestDatabase(async (db) => {
  twilio = await startFakeTwilio();
  sms = createTwilioSmsAdapter({
    accountSid: `AC${'0123456789abcdef'.repeat(2)}`,
    authToken: 'test-auth-token-0123456789',
    from: '+15125550100',
    apiBaseUrl: twilio.url,
    timeoutMs: 5_000,
  });
  handlers = createMessageJobHandlers({ mail: createOutboxMailAdapter(db), sms }, undefined, {
    db,
    clock,
  });
});

const runJobs = () => runJobsUntilIdle(ctx.db, clock, handlers);
const delivery = (key: string) =>
  ctx.db
    .query<{ status: string; provider_message_id: string | null; handoff_at: Date | null }>(
      `select status, provider_message_id, handoff_at from message_deliveries where channel = 'sms' and
         idempotency_key = $1`,
      [key],
    )
    .then((rows) => rows[0]);

/** Queues the text "Reminder <name>" to `to`, keyed `reminder:<name>`. */
const enqueueReminder = (name: string, to: string) =>
  enqueueSms(ctx.db, {
    to,
    text: `Reminder ${name}`,
    idempotencyKey: `reminder:${name}`,
    practiceId: '00000000-0000-4000-8000-000000000001',
  });

describe('message deliveries', () => {
  it('records a text from queued to sent with the provider id', async () => {
    await enqueueReminder('one', '+15125550131');
    expect(await delivery('reminder:one')).toEqual({ status: 'queued', provider_message_id: null, handoff_at: null });
    await runJobs();
    expect(await delivery('reminder:one')).toEqual({
      status: 'sent',
      provider_message_id: expect.stringMatching(/^SM/),
      handoff_at: null,
    });
  });

  it('does not send again a text that reached Twilio before the worker died, and sends one that did not', async () => {
    await enqueueReminder('two', '+15125550132');
    await enqueueReminder('three', '+15125550133');
    // Both hand-offs began; only the first reached Twilio before the process died.
    await ctx.db.query(
      `update message_deliveries set handoff_at = $1 where idempotency_key in ('reminder:two', 'reminder:three')`,
      [new Date(Date.now() - 2_000).toISOString()],
    );
    const earlier = await sms.send({ to: '+15125550132', text: 'Reminder two', idempotencyKey: 'reminder:two' });
    await runJobs();
    expect(twilio.texts.filter((text) => text.to === '+15125550132')).toHaveLength(1);
    expect(twilio.texts.filter((text) => text.to === '+15125550133')).toHaveLength(1);
    expect(await delivery('reminder:two')).toMatchObject({
      status: 'sent',
      provider_message_id: earlier.ok ? earlier.id : 'none',
      handoff_at: null,
    });
    expect(await delivery('reminder:three')).toMatchObject({ status: 'sent', handoff_at: null });
  });
});
