import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryResult } from '../adapters/mail/delivery-result.ts';
import type { MailAdapter, MailMessage } from '../adapters/mail/mail-adapter.ts';
import { createOutboxMailAdapter } from '../adapters/mail/outbox-mail-adapter.ts';
import { createOutboxSmsAdapter } from '../adapters/sms/outbox-sms-adapter.ts';
import { fixedClock, withTestDatabase } from '../test/test-app.ts';
import { createJobWorker } from './job-worker.ts';
import { createMessageJobHandlers, enqueueEmail, enqueueSms } from './message-jobs.ts';

const ctx = withTestDatabase();
beforeEach(async () => {
  await ctx.db.exec('delete from jobs; delete from outbox_messages;');
});

const silent = { warn: () => undefined, error: () => undefined };
const confirmation: MailMessage = {
  to: 'ann@example.com',
  subject: 'Booked',
  text: 'See you Monday.',
  idempotencyKey: 'booking-confirmation:1',
};

function workerFor(mail: MailAdapter, clock = fixedClock('2026-03-02T12:00:00Z')) {
  const sms = createOutboxSmsAdapter(ctx.db);
  return {
    clock,
    worker: createJobWorker({
      db: ctx.db,
      clock,
      handlers: createMessageJobHandlers({ mail, sms }),
      logger: silent,
      random: () => 0,
    }),
  };
}

async function outbox() {
  return ctx.db.query<{ channel: string; recipient: string; subject: string | null }>(
    'select channel, recipient, subject from outbox_messages order by seq',
  );
}

describe('message jobs', () => {
  it('delivers what a transaction queued, once, even when queued twice', async () => {
    await ctx.db.transaction(async (tx) => {
      await enqueueEmail(tx, confirmation);
      await enqueueSms(tx, {
        to: '+12125550100',
        text: 'Booked for Monday',
        idempotencyKey: 'booking-confirmation:1',
        practiceId: randomUUID(),
      });
    });
    await enqueueEmail(ctx.db, confirmation);
    const { worker } = workerFor(createOutboxMailAdapter(ctx.db));

    expect(await worker.runDueJobs()).toBe(2);
    expect(await worker.runDueJobs()).toBe(0);
    expect(await outbox()).toEqual(
      expect.arrayContaining([
        { channel: 'email', recipient: 'ann@example.com', subject: 'Booked' },
        { channel: 'sms', recipient: '+12125550100', subject: null },
      ]),
    );
    expect(await outbox()).toHaveLength(2);
  });

  it('retries a retryable failure with the same idempotency key', async () => {
    const keys: string[] = [];
    const results: DeliveryResult[] = [
      { ok: false, error: 'SMTP ECONNECTION: connect refused', retryable: true },
      { ok: true, id: 'm1' },
    ];
    const flaky: MailAdapter = {
      send: async (message) => {
        keys.push(message.idempotencyKey);
        return results.shift()!;
      },
    };
    await enqueueEmail(ctx.db, confirmation);
    const { worker, clock } = workerFor(flaky);

    await worker.runDueJobs();
    expect(await ctx.db.query('select status, last_error from jobs')).toEqual([
      { status: 'queued', last_error: 'SMTP ECONNECTION: connect refused' },
    ]);
    clock.advance(30_000);
    await worker.runDueJobs();
    expect(await ctx.db.query('select status from jobs')).toEqual([{ status: 'done' }]);
    expect(keys).toEqual(['booking-confirmation:1', 'booking-confirmation:1']);
  });

  it('gives up at once on a final failure', async () => {
    const refusing: MailAdapter = {
      send: async () => ({ ok: false, error: 'SMTP EENVELOPE 550: mailbox unavailable', retryable: false }),
    };
    await enqueueEmail(ctx.db, confirmation);
    const { worker } = workerFor(refusing);
    await worker.runDueJobs();
    expect(await ctx.db.query('select status, attempts, last_error from jobs')).toEqual([
      { status: 'failed', attempts: 1, last_error: 'SMTP EENVELOPE 550: mailbox unavailable' },
    ]);
  });
});
