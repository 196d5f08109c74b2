import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorEnvelope } from '#domain/api/envelope-schemas.ts';
import { isDatabaseUnavailable } from '../db/database.ts';
import { translator } from '../i18n/translate.ts';
import { AppError } from './app-error.ts';
import * as messages from './http.messages.ts';

const t = translator(messages);

/** Fastify's own 4xx errors (bad JSON, body too large, wrong content type) mapped to our codes. */
const FASTIFY_CODES: Record<string, ErrorEnvelope['code']> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
};

/**
 * One handler for every error: 4xx messages pass through so the patient can act on them, in the
 * request's language (ADR 0034); 5xx details are logged and replaced by a generic sentence, never
 * a stack trace.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const { language } = request;
    if (error instanceof AppError) {
      const body: ErrorEnvelope = { success: false, code: error.code, message: error.messageIn(language) };
      const fields = error.fieldsIn(language);
      if (fields) body.fields = fields;
      if (error.stranded) body.stranded = error.stranded;
      return reply.status(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = FASTIFY_CODES[error.code] ?? (status === 429 ? 'RATE_LIMITED' : 'BAD_REQUEST');
      const message =
        status === 400 && error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ? t(language, 'invalidJson') : error.message;
      return reply.status(status).send({ success: false, code, message } satisfies ErrorEnvelope);
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({ success: false, code: 'SERVICE_UNAVAILABLE', message: t(language, 'busy') } satisfies ErrorEnvelope);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .status(500)
      .send({ success: false, code: 'INTERNAL_ERROR', message: t(language, 'internal') } satisfies ErrorEnvelope);
  });
}

/** Router-level refusals (broken percent-encoding, over-long path segments) in our error shape. */
export function frameworkErrorReply(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const statusCode = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message = t(request.language, error.code === 'FST_ERR_MAX_PARAM_LENGTH' ? 'addressTooLong' : 'addressInvalid');
  void reply.status(statusCode).send({ success: false, code: 'BAD_REQUEST', message } satisfies ErrorEnvelope);
}
