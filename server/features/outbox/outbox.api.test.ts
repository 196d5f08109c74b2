import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createOutboxMailAdapter } from '../../adapters/mail/outbox-mail-adapter.ts';
import { createOutboxSmsAdapter } from '../../adapters/sms/outbox-sms-adapter.ts';
import { registerErrorHandling } from '../../http/error-handler.ts';
import { registerOutboxRoutes } from './outbox-routes.ts';
import { installResponseCheck } from '../../test/response-schema-check.ts';
import { fixedClock, withTestDatabase } from '../../test/test-app.ts';
import { registerRouteSchemas } from '../../http/route-schemas.ts';

let app: ReturnType<typeof Fastify>;
afterAll(async () => {
  await app?.close();
});
withTestDatabase(async (db) => {
  app = Fastify({ logger: false });
  // The route declares its query and answers (ADR 0070): the app's validator reads them, and its answers are checked.
  await registerRouteSchemas(app, { clock: fixedClock('2026-03-02T12:00:00Z') });
  installResponseCheck(app);
  registerErrorHandling(app);
  registerOutboxRoutes(app, { db });
  await app.ready();
  await createOutboxMailAdapter(db).send({
    to: 'ann@example.com',
    subject: 'Booked: <Exam> & cleaning',
    text: 'Hello <script>alert(1)</script>\nSee you.',
    attachments: [{ filename: 'appointment.ics', content: 'BEGIN:VCALENDAR', contentType: 'text/calendar' }],
    idempotencyKey: 'mail-1',
  });
  await createOutboxSmsAdapter(db).send({
    to: '+12125550100',
    text: 'Your code is 123456',
    idempotencyKey: 'sms-1',
  });
});

describe('GET /_dev/outbox', () => {
  it('returns the JSON contract: an array, newest first, subject null for SMS', async () => {
    const response = await app.inject({ method: 'GET', url: '/_dev/outbox?format=json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json() as Record<string, unknown>[];
    expect(body).toEqual([
      {
        id: expect.any(String),
        channel: 'sms',
        to: '+12125550100',
        subject: null,
        text: 'Your code is 123456',
        headers: {},
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        channel: 'email',
        to: 'ann@example.com',
        subject: 'Booked: <Exam> & cleaning',
        text: 'Hello <script>alert(1)</script>\nSee you.',
        headers: {},
        createdAt: expect.any(String),
      },
    ]);
    expect(new Date(body[0]!.createdAt as string).toISOString()).toBe(body[0]!.createdAt);
  });

  it('renders a readable page with every field escaped', async () => {
    const response = await app.inject({ method: 'GET', url: '/_dev/outbox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Outbox</h1>');
    expect(html).toContain('2 messages, newest first.');
    expect(html).toContain('<h2 id="message-1">SMS to +12125550100</h2>');
    expect(html).toContain('<h2 id="message-2">Booked: &lt;Exam&gt; &amp; cleaning</h2>');
    expect(html).toContain('Hello &lt;script&gt;alert(1)&lt;/script&gt;\nSee you.');
    expect(html).toContain('<dd>appointment.ics</dd>');
    expect(html).not.toContain('<script');
    expect(html.indexOf('SMS to')).toBeLessThan(html.indexOf('Booked:'));
  });

  it('answers 400 for an unknown format', async () => {
    const response = await app.inject({ method: 'GET', url: '/_dev/outbox?format=xml' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });
});
