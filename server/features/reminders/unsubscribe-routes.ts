import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UnsubscribeViewSchema } from '#domain/reminders/unsubscribe-schemas.ts';
import { ok } from '../../http/request-parsing.ts';
import { answers, okResult } from '../../http/route-schemas.ts';
import type { UnsubscribeService } from './unsubscribe-service.ts';

// RFC 8058's body is one short field; anything larger is no unsubscribe request.
const FORM_LIMIT_BYTES = 4 * 1024;

const tags = ['reminders'];
// Any text: a token that is none is the same 404 as an unknown one, said by the service.
const params = z.object({ token: z.string() });
const view = answers({ 200: okResult(UnsubscribeViewSchema) }, [404, 413, 415]);
const SCHEMAS = {
  view: { summary: 'What an unsubscribe link would stop', tags, params, response: view },
  stop: {
    summary: 'Stops reminders by e-mail (JSON from the page, or RFC 8058 one-click form)',
    tags,
    params,
    response: view,
  },
};

/**
 * `unsubscribe/{token}` (ADR 0037): GET tells, POST stops. The page's button posts JSON; a mail
 * program's one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` as a form, with no
 * cookie and no language, and needs only a 2xx. Limited per IP like the manage link.
 */
export async function registerUnsubscribeRoutes(
  app: FastifyInstance,
  deps: { unsubscribe: UnsubscribeService; rateLimits: { lookup: object; change: object } },
): Promise<void> {
  const privately = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
  await app.register(async (scope) => {
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
      scope.addContentTypeParser(type, { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) =>
        done(null, { form: body }),
      );
    }
    const api = scope.withTypeProvider<ZodTypeProvider>();
    api.get(
      '/unsubscribe/:token',
      { schema: SCHEMAS.view, logLevel: 'warn', config: { rateLimit: deps.rateLimits.lookup } },
      async (request, reply) => {
        privately(reply);
        return ok(await deps.unsubscribe.view(request.params.token));
      },
    );
    api.post(
      '/unsubscribe/:token',
      { schema: SCHEMAS.stop, logLevel: 'warn', config: { rateLimit: deps.rateLimits.change } },
      async (request, reply) => {
        privately(reply);
        const isOneClick = typeof (request.body as { form?: unknown } | undefined)?.form === 'string';
        const way = isOneClick ? { by: 'one_click' as const } : { by: 'page' as const, language: request.language };
        return ok(await deps.unsubscribe.unsubscribe(request.params.token, way, request.ip));
      },
    );
  });
}
