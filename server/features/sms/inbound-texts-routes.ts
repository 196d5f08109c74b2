import type { FastifyInstance, FastifyRequest } from 'fastify';
import twilio from 'twilio';
import { z } from 'zod';
import { normalisePhone } from '#domain/verification/contact-normalisation.ts';
import { AppError } from '../../http/app-error.ts';
import { fieldErrors } from '../../http/request-parsing.ts';
import { answers, checkedInHandler } from '../../http/route-schemas.ts';
import { escapeHtml } from '#domain/format/html-escape.ts';
import { SMS_STATUS_PATH } from '../../adapters/sms/sms-adapter-factory.ts';
import {
  recordProviderStatus,
  type DeliveryRow,
  type DeliveryStatus,
} from '../../jobs/message-deliveries-repository.ts';
import { receiveInboundText, type InboundText, type InboundTextDeps } from './inbound-texts-service.ts';

/** Where Twilio posts texts patients send (a number's "A message comes in" webhook), under /api/v1. */
export const INBOUND_TEXT_PATH = '/sms/inbound';

// Twilio's form carries some 20 fields and a text of at most 1600 characters; 16 KiB is ample.
const FORM_LIMIT_BYTES = 16 * 1024;
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/** Twilio's answer format: an empty response, or one message back to the sender. */
export const twimlOf = (reply: string | null) =>
  reply === null
    ? EMPTY_TWIML
    : `<?xml version="1.0" encoding="UTF-8"?><Response><Message>${escapeHtml(reply)}</Message></Response>`;

// Messages name their field: they are joined into the one sentence of the 400.
const InboundFormSchema = z.object({
  // not patient-facing (Twilio calls this webhook)
  From: z
    .string({ error: 'From must be a phone number' })
    .transform(normalisePhone)
    .pipe(z.string({ error: 'From must be a phone number' })),
  // not patient-facing (Twilio calls this webhook)
  To: z
    .string({ error: 'To must be our number' })
    .trim()
    .min(1, 'To must be our number')
    .max(64, 'To must be our number'),
  // not patient-facing (Twilio calls this webhook)
  Body: z.string({ error: 'Body must be the text' }).max(1600, 'Body must be at most 1600 characters'),
  // not patient-facing (Twilio calls this webhook)
  MessageSid: z
    .string({ error: 'MessageSid must be a message SID' })
    .regex(/^[A-Z]{2}[0-9a-f]{32}$/i, 'MessageSid must be a message SID'),
  // not patient-facing (Twilio calls this webhook)
  MessagingServiceSid: z
    .string()
    .regex(/^MG[0-9a-f]{32}$/i, 'MessagingServiceSid must be a Messaging Service SID')
    .optional(),
});

interface InboundTextRouteDeps extends Omit<InboundTextDeps, 'deploymentSender'> {
  /** PUBLIC_URL: Twilio signs the address it posted to, which is this plus the path. */
  publicUrl: string;
  twilio: { authToken: string; from: string } | undefined;
  devTools: boolean;
  /** Hears of texts the provider reports undelivered or failed (a reminder then follows by e-mail). */
  onTextFailed(delivery: DeliveryRow): Promise<void>;
}

/**
 * POST /api/v1/sms/inbound. With Twilio configured every request must carry Twilio's signature
 * (X-Twilio-Signature, an HMAC of the URL and form fields keyed by the auth token). Without
 * Twilio no text can arrive, so the route exists only with dev tools on, unsigned, for simulating
 * replies locally; otherwise it is absent (404). No per-IP limit, like the Stripe webhook: a
 * forged request costs one HMAC, and a refused STOP would be a lost opt-out.
 */
export async function registerInboundTextRoutes(app: FastifyInstance, deps: InboundTextRouteDeps): Promise<void> {
  const { twilio: account } = deps;
  if (!account && !deps.devTools) return;
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_LIMIT_BYTES },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );
    scope.post(INBOUND_TEXT_PATH, { schema: SCHEMAS.inbound }, async (request, reply) => {
      const form = formOf(request);
      if (account && !isSignedByTwilio(request, form, account.authToken, deps.publicUrl)) {
        throw new AppError(403, 'FORBIDDEN', 'The Twilio signature is not valid.');
      }
      const { reply: answer } = await receiveInboundText(
        { ...deps, deploymentSender: account?.from ?? null },
        parseInboundForm(form),
      );
      // Twilio's own STOP and START answers do the talking for its keywords; ours go back as TwiML.
      return reply.type('text/xml').send(twimlOf(answer));
    });
    scope.post(SMS_STATUS_PATH, { schema: SCHEMAS.status }, async (request, reply) => {
      const form = formOf(request);
      if (account && !isSignedByTwilio(request, form, account.authToken, deps.publicUrl)) {
        throw new AppError(403, 'FORBIDDEN', 'The Twilio signature is not valid.');
      }
      await recordTextStatus(deps, parseStatusForm(form));
      return reply.status(204).send();
    });
  });
}

// Twilio's message statuses, as our delivery record keeps them (accepted, scheduled and sending are still queued).
const TWILIO_STATUSES: Record<string, DeliveryStatus> = {
  accepted: 'queued',
  scheduled: 'queued',
  queued: 'queued',
  sending: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  read: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  canceled: 'failed',
};

const StatusFormSchema = z.object({
  // not patient-facing (Twilio calls this webhook)
  MessageSid: z
    .string({ error: 'MessageSid must be a message SID' })
    .regex(/^[A-Z]{2}[0-9a-f]{32}$/i, 'MessageSid must be a message SID'),
  // not patient-facing (Twilio calls this webhook)
  MessageStatus: z
    .string({ error: 'MessageStatus must be a Twilio message status' })
    .refine((status) => status in TWILIO_STATUSES, 'MessageStatus must be a Twilio message status'),
  // not patient-facing (Twilio calls this webhook)
  ErrorCode: z
    .string()
    .regex(/^\d{1,10}$/, 'ErrorCode must be a number')
    .optional(),
});

/**
 * Declared, and checked in the handler: Twilio signs every field of the form it sent, so the
 * signature is checked on the form as it came, before the fields are read (a 403 before a 400),
 * and a form that is not one answers Twilio's 400 naming the fields, not a console's 422.
 */
const formSchema = (summary: string, body: z.ZodType, success: Record<number, z.ZodType> = {}) => ({
  summary,
  tags: ['sms'],
  consumes: ['application/x-www-form-urlencoded'],
  body: checkedInHandler(body),
  response: answers(success, [403, 413, 415]),
});
// not patient-facing: the summaries of the API description (ADR 0070)
const SCHEMAS = {
  inbound: formSchema("Twilio's webhook for a text a patient sent (answers TwiML, text/xml)", InboundFormSchema),
  status: formSchema("Twilio's report on a text's delivery (answers 204, no body)", StatusFormSchema),
};

function parseStatusForm(form: Record<string, string>) {
  const parsed = StatusFormSchema.safeParse(form);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error, form);
    // not patient-facing (Twilio calls this webhook)
    throw AppError.badRequest(`Not a message status: ${Object.values(fields).join('; ')}.`, fields);
  }
  return {
    providerMessageId: parsed.data.MessageSid,
    status: TWILIO_STATUSES[parsed.data.MessageStatus]!,
    errorCode: parsed.data.ErrorCode ?? null,
  };
}

/** Twilio's report on a text: kept on its delivery row; a reminder that will not arrive is followed by e-mail. */
async function recordTextStatus(
  deps: InboundTextRouteDeps,
  report: { providerMessageId: string; status: DeliveryStatus; errorCode: string | null },
): Promise<void> {
  const changed = await recordProviderStatus(deps.db, { ...report, channel: 'sms', now: deps.clock.now() });
  if (changed && (report.status === 'undelivered' || report.status === 'failed')) await deps.onTextFailed(changed.row);
}

/** The form's fields; anything else (a JSON body) is no Twilio form and fails the checks. */
function formOf(request: FastifyRequest): Record<string, string> {
  const body = request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return {};
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function isSignedByTwilio(
  request: FastifyRequest,
  form: Record<string, string>,
  authToken: string,
  publicUrl: string,
): boolean {
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
  return {
    from: From,
    to: normalisePhone(To) ?? To,
    messagingServiceSid: MessagingServiceSid ?? null,
    body: Body,
    messageSid: MessageSid,
  };
}
