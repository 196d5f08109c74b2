import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { answers } from '../../http/route-schemas.ts';
import { renderOutboxPage } from './outbox-page.ts';
import { listOutboxMessages } from '../../adapters/outbox/outbox-repository.ts';

const OutboxQuerySchema = z.object({
  format: z.enum(['html', 'json'], { message: 'must be html or json' }).default('html'),
});

/** The JSON form's contract, which end-to-end tests and scripts read. */
const OutboxMessageSchema = z.object({
  id: z.string(),
  channel: z.enum(['email', 'sms']),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  headers: z.record(z.string(), z.string()),
  createdAt: z.iso.datetime(),
});

const SCHEMA = {
  summary: 'Development only: the messages sent to the local outbox, newest first (a page, or JSON with format=json)',
  tags: ['dev'],
  querystring: OutboxQuerySchema,
  response: answers({
    200: {
      description: 'The outbox: an HTML page, or with format=json the array of messages',
      content: { 'text/html': { schema: z.string() }, 'application/json': { schema: z.array(OutboxMessageSchema) } },
    },
  }),
};

// Enough for any test run or demo; the newest are the ones anyone reads.
const PAGE_SIZE = 200;

/**
 * Development only (the app registers it when DEV_TOOLS is on). The JSON form is a contract
 * that end-to-end tests and scripts rely on: an array, newest first, of
 * { id, channel, to, subject, text, headers, createdAt }, subject null for SMS, headers {} without any.
 */
export function registerOutboxRoutes(app: FastifyInstance, deps: { db: Queryable }): void {
  app.withTypeProvider<ZodTypeProvider>().get('/_dev/outbox', { schema: SCHEMA }, async (request, typed) => {
    const messages = await listOutboxMessages(deps.db, { limit: PAGE_SIZE });
    // Two media types on one status: the reply is sent as either.
    const reply = typed as FastifyReply;
    void reply.header('cache-control', 'no-store');
    if (request.query.format === 'json') {
      return messages.map((message) => ({
        id: message.id,
        channel: message.channel,
        to: message.recipient,
        subject: message.subject,
        text: message.text,
        headers: message.headers,
        createdAt: message.created_at.toISOString(),
      }));
    }
    return reply.type('text/html; charset=utf-8').send(renderOutboxPage(messages));
  });
}
