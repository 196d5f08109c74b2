import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from './cookies.ts';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  languageOfAcceptLanguage,
  languageOfTag,
  pickLanguage,
  type Language,
} from '#domain/i18n/languages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language this request is answered in (ADR 0034). */
    readonly language: Language;
  }
}

/**
 * The API answers in the language the web sends explicitly (`Accept-Language`), else the
 * patient's earlier choice (the `lang` cookie), else English. A page follows ADR 0034's order:
 * `?lang=`, the cookie, `Accept-Language`, English.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'url' | 'headers'>): Language {
  const cookie = cookieValue(request.headers.cookie, LANGUAGE_COOKIE);
  const acceptLanguage = request.headers['accept-language'];
  const path = request.url.split('?')[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/'))
    return languageOfAcceptLanguage(acceptLanguage) ?? languageOfTag(cookie) ?? DEFAULT_LANGUAGE;
  const query = new URLSearchParams(request.url.split('?')[1] ?? '').get('lang');
  return pickLanguage({ query, cookie, acceptLanguage });
}

/** `request.language`, worked out when first read (so also for router-level errors). */
export function registerRequestLanguage(app: FastifyInstance): void {
  app.decorateRequest('language', {
    getter(this: FastifyRequest) {
      return requestLanguage(this);
    },
  });
}

/** The answer depends on the language headers: caches keep one copy per language (ADR 0034). */
export function varyByLanguage(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const listed =
    typeof current === 'string'
      ? current
          .split(',')
          .map((h) => h.trim())
          .filter(Boolean)
      : [];
  for (const header of ['Accept-Language', 'Cookie']) {
    if (!listed.some((h) => h.toLowerCase() === header.toLowerCase())) listed.push(header);
  }
  reply.header('vary', listed.join(', '));
}
