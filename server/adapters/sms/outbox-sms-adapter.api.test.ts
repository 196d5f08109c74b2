import { describe, expect, it } from 'vitest';
import { withTestDatabase } from '../../test/test-app.ts';
import { createOutboxMailAdapter } from '../mail/outbox-mail-adapter.ts';
import { createOutboxSmsAdapter } from './outbox-sms-adapter.ts';

const ctx = withTestDatabase();

describe('outbox SMS adapter', () => {
  it('stores a text without subject, once per idempotency key', async () => {
    const sms = createOutboxSmsAdapter(ctx.db);
    const first = await sms.send({ to: '+12125550100', text: 'Your code is 123456', idempotencyKey: 'otp:1' });
    expect(await sms.send({ to: '+12125550100', text: 'Your code is 123456', idempotencyKey: 'otp:1' })).toEqual(first);

    const rows = await ctx.db.query('select channel, recipient, subject, text from outbox_messages');
    expect(rows).toEqual([{ channel: 'sms', recipient: '+12125550100', subject: null, text: 'Your code is 123456' }]);
  });

  it('keeps an e-mail and a text that share a key apart', async () => {
    const key = 'booking-confirmation:7';
    const sms = await createOutboxSmsAdapter(ctx.db).send({
      to: '+12125550100',
      text: 'Booked',
      idempotencyKey: key,
    });
    const mail = await createOutboxMailAdapter(ctx.db).send({
      to: 'ann@example.com',
      subject: 'Booked',
      text: 'Booked',
      idempotencyKey: key,
    });
    expect(sms.ok && mail.ok && sms.id !== mail.id).toBe(true);
  });
});
