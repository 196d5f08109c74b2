import type { FastifyInstance, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { z } from 'zod';
import { normalisePhone } from '#domain/verification/contact-normalisation.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { fieldErrors } from '../../http/request-parsing.ts';
import { receiveInboundText, type InboundText } from './inbound-texts-service.ts';

/** Where Twilio posts texts patients send (a number's "A message comes in" webhook), under /api/v1. */
export const INBOUND_TEXT_PATH = '/sms/inbound';

// Twilio's form carries some 20 fields and a text of at most 1600 characters; 16 KiB is ample.
const FORM_LIMIT_BYTES = 16 * 1024;
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

// Messages name their field: they are joined into the one sentence of the 400.
const InboundFormSchema = z.object({
  // not patient-facing (Twilio calls this webhook)
  From: z.string({ error: 'From must be a phone number' }).transform(normalisePhone).pipe(z.string({ error: 'From must be a phone number' })),
  // not patient-facing (Twilio calls this webhook)
  To: z.string({ error: 'To must be our number' }).trim().min(1, 'To must be our number').max(64, 'To must be our number'),
  // not patient-facing (Twilio calls this webhook)
  Body: z.string({ error: 'Body must be the text' }).max(1600, 'Body must be at most 1600 characters'),
  // not patient-facing (Twilio calls this webhook)
  MessageSid: z.string({ error: 'MessageSid must be a message SID' }).regex(/^[A-Z]{2}[0-9a-f]{32}$/i, 'MessageSid must be a message SID'),
  // not patient-facing (Twilio calls this webhook)
  MessagingServiceSid: z.string().regex(/^MG[0-9a-f]{32}$/i, 'MessagingServiceSid must be a Messaging Service SID').optional(),
});

interface InboundTextDeps {
  db: Database;
  clock: Clock;
  /** PUBLIC_URL: Twilio signs the address it posted to, which is this plus the path. */
  publicUrl: string;
  twilio: { authToken: string; from: string } | undefined;
  devTools: boolean;
}

/**
 * POST /api/v1/sms/inbound. With Twilio configured every request must carry Twilio's signature
 * (X-Twilio-Signature, an HMAC of the URL and form fields keyed by the auth token). Without
 * Twilio no text can arrive, so the route exists only with dev tools on, unsigned, for simulating
 * replies locally; otherwise it is absent (404). No per-IP limit, like the Stripe webhook: a
 * forged request costs one HMAC, and a refused STOP would be a lost opt-out.
 */
export async function registerInboundTextRoutes(app: FastifyInstance, deps: InboundTextDeps): Promise<void> {
  const { twilio: account } = deps;
  if (!account && !deps.devTools) return;
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
    scope.post(INBOUND_TEXT_PATH, async (request, reply) => {
      const form = formOf(request);
      if (account && !isSignedByTwilio(request, form, account.authToken, deps.publicUrl)) {
        throw new AppError(403, 'FORBIDDEN', 'The Twilio signature is not valid.');
      }
      await receiveInboundText({ db: deps.db, clock: deps.clock, deploymentSender: account?.from ?? null }, parseInboundForm(form));
      // Twilio's own STOP and HELP replies do the talking; we answer nothing.
      return reply.type('text/xml').send(EMPTY_TWIML);
    });
  });
}

/** The form's fields; anything else (a JSON body) is no Twilio form and fails the checks. */
function formOf(request: FastifyRequest): Record<string, string> {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function isSignedByTwilio(request: FastifyRequest, form: Record<string, string>, authToken: string, publicUrl: string): boolean {
  const signature = request.headers['x-twilio-signature'];
  if (typeof signature !== 'string' || signature === '') return false;
  // The address Twilio was given, not the one this process saw behind a proxy.
  return twilio.validateRequest(authToken, signature, `${publicUrl}${request.url}`, form);
}

function parseInboundForm(form: Record<string, string>): InboundText {
  const parsed = InboundFormSchema.safeParse(form);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error, form);
    // not patient-facing (Twilio calls this webhook)
    throw AppError.badRequest(`Not a text message: ${Object.values(fields).join('; ')}.`, fields);
  }
  const { From, To, Body, MessageSid, MessagingServiceSid } = parsed.data;
  return { from: From, to: normalisePhone(To) ?? To, messagingServiceSid: MessagingServiceSid ?? null, body: Body, messageSid: MessageSid };
}
