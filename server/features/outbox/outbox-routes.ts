import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Queryable } from '../../db/database.ts';
import { parseQuery } from '../../http/request-parsing.ts';
import { renderOutboxPage } from './outbox-page.ts';
import { listOutboxMessages } from '../../adapters/outbox/outbox-repository.ts';

const OutboxQuerySchema = z.object({
  format: z.enum(['html', 'json'], { message: 'must be html or json' }).default('html'),
});

// Enough for any test run or demo; the newest are the ones anyone reads.
const PAGE_SIZE = 200;

/**
 * Development only (the app registers it when DEV_TOOLS is on). The JSON form is a contract
 * that end-to-end tests and scripts rely on: an array, newest first, of
 * { id, channel, to, subject, text, headers, createdAt }, subject null for SMS, headers {} without any.
 */
export function registerOutboxRoutes(app: FastifyInstance, deps: { db: Queryable }): void {
  app.get('/_dev/outbox', async (request, reply) => {
    const { format } = parseQuery(OutboxQuerySchema, request.query);
    const messages = await listOutboxMessages(deps.db, { limit: PAGE_SIZE });
    void reply.header('cache-control', 'no-store');
    if (format === 'json') {
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
