import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/database.ts';
import { withTestDatabase } from '../../test/test-app.ts';
import { createOutboxMailAdapter } from './outbox-mail-adapter.ts';

const ctx = withTestDatabase();

const message = {
  to: 'ann@example.com',
  subject: 'Your appointment',
  text: 'See you Monday.',
  html: '<p>See you Monday.</p>',
  attachments: [
    { filename: 'appointment.ics', content: 'BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n', contentType: 'text/calendar' },
  ],
  idempotencyKey: 'booking-confirmation:1',
};

describe('outbox mail adapter', () => {
  it('stores the message, and a retry with the same key returns the earlier id without a copy', async () => {
    const mail = createOutboxMailAdapter(ctx.db);
    const first = await mail.send(message);
    const retry = await mail.send({ ...message, text: 'changed on retry' });

    expect(first).toMatchObject({ ok: true, id: expect.any(String) });
    expect(retry).toEqual(first);
    const rows = await ctx.db.query('select channel, recipient, subject, text, html, attachments from outbox_messages');
    expect(rows).toEqual([
      {
        channel: 'email',
        recipient: 'ann@example.com',
        subject: 'Your appointment',
        text: 'See you Monday.',
        html: '<p>See you Monday.</p>',
        attachments: message.attachments,
      },
    ]);
  });

  it('reports a database failure as a retryable result instead of throwing', async () => {
    const broken: Queryable = {
      query: () => Promise.reject(new Error('connection lost')),
      exec: () => Promise.resolve(),
    };
    expect(await createOutboxMailAdapter(broken).send(message)).toEqual({
      ok: false,
      retryable: true,
      error: 'Outbox: connection lost',
    });
  });
});
