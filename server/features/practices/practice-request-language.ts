import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, languageOfAcceptLanguage, languageOfTag, type Language } from '#domain/i18n/languages.ts';

/**
 * The language the booking page asked in, as ADR 0034 orders it for the API: `Accept-Language`
 * (which the web's API client sets explicitly), then the patient's choice (the `lang` cookie),
 * then English. Stand-in until server/http gives every request its `request.language`; then
 * this becomes `request.language` and nothing else here changes.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const cookie = cookieValue(request.headers.cookie, LANGUAGE_COOKIE);
  return languageOfAcceptLanguage(request.headers['accept-language']) ?? languageOfTag(cookie) ?? DEFAULT_LANGUAGE;
}

/** The answer depends on these headers: caches keep one copy per language. */
export function varyByLanguage(reply: FastifyReply): void {
  const current = reply.getHeader('vary');
  const listed = typeof current === 'string' ? current.split(',').map((h) => h.trim()).filter(Boolean) : [];
  for (const header of ['Accept-Language', 'Cookie']) {
    if (!listed.some((h) => h.toLowerCase() === header.toLowerCase())) listed.push(header);
  }
  reply.header('vary', listed.join(', '));
}

function cookieValue(header: string | undefined, name: string): string | null {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.split('=');
    if (key?.trim() === name) return value.join('=').trim() || null;
  }
  return null;
}
