import type { FastifyInstance } from 'fastify';
import { translator } from '../i18n/translate.ts';
import { AppError } from './app-error.ts';
import * as messages from './http.messages.ts';

const t = translator(messages);

const MAX_DEPTH = 64;

/** True when a string anywhere inside holds a NUL character, or the nesting is absurdly deep. */
function isUnstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Raw bodies (the Stripe webhook) are bytes checked by their own route.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return false;
  if (depth > MAX_DEPTH) return true;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || isUnstorable(item, depth + 1)) return true;
  }
  return false;
}

/**
 * PostgreSQL text cannot hold NUL, so such a value would fail deep inside a query as a 500.
 * Refuse it at the door for every route: query, path and JSON body alike, before the route's
 * schema reads them (ADR 0070).
 */
export function registerRequestGuards(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (isUnstorable(request.query) || isUnstorable(request.params) || isUnstorable(request.body)) {
      throw AppError.badRequest(t.localized('notAllowedCharacters'));
    }
  });
}
