import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalisePhone } from '#domain/verification/contact-normalisation.ts';
import { answers, BODY_ERRORS } from '../../http/route-schemas.ts';
import { findPracticeLastConsentedTo } from '../consent/contact-consent.ts';
import { receiveInboundText, type InboundTextDeps } from './inbound-texts-service.ts';

const DevReplySchema = z.strictObject({
  from: z
    .string()
    .transform(normalisePhone)
    .pipe(z.string({ error: 'from must be a phone number' })),
  /** The practice's sender (its sms_from or TWILIO_FROM); absent: the practice this number last booked with. */
  to: z.string().trim().min(1).max(64).optional(),
  body: z.string().max(1600, 'body must be at most 1600 characters'),
});

const SCHEMA = {
  summary: 'Development only: a text as if a patient sent it; answers the text that would go back',
  tags: ['dev'],
  body: DevReplySchema,
  response: answers({ 200: z.object({ reply: z.string().nullable() }) }, BODY_ERRORS),
};

/**
 * Development only (DEV_TOOLS): `POST /_dev/sms/reply { from, to?, body }` goes through the same
 * handling as Twilio's inbound webhook and answers `{ reply }`, the text that would go back.
 * Only without Twilio (no TWILIO_FROM): where real patients text, a reply counts only when Twilio
 * signed it, so an unsigned one could confirm or opt out someone else's visit (ADR 0042). The route
 * is then absent, a 404 in the one error shape, whatever DEV_TOOLS says.
 */
export function registerDevSmsReplyRoutes(app: FastifyInstance, deps: InboundTextDeps): void {
  if (deps.deploymentSender !== null) return;
  app.withTypeProvider<ZodTypeProvider>().post('/_dev/sms/reply', { schema: SCHEMA }, async (request) => {
    const { body } = request;
    const practiceId = body.to
      ? undefined
      : ((await findPracticeLastConsentedTo(deps.db, { channel: 'sms', recipient: body.from })) ?? undefined);
    const to = body.to ? (normalisePhone(body.to) ?? body.to) : 'local-outbox';
    const messageSid = `SM${randomBytes(16).toString('hex')}`;
    return receiveInboundText(deps, {
      from: body.from,
      to,
      messagingServiceSid: null,
      body: body.body,
      messageSid,
      ...(practiceId ? { practiceId } : {}),
    });
  });
}
