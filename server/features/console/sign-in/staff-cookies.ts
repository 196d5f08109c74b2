import type { FastifyReply, FastifyRequest } from 'fastify';
import { cookieValue } from '../../../http/cookies.ts';

/**
 * The console's two cookies (ADR 0038). The session cookie holds a random token whose SHA-256 is the
 * session row's key: `HttpOnly` (no script reads it), `SameSite=Lax`, `Secure` on https, sent only
 * to the staff API, and without `Max-Age` (the server decides when it ends). The device cookie
 * marks a browser that signed in before, so a stranger's failures cannot lock it out; it lives a
 * year and is sent only to sign-in.
 */
export const SESSION_COOKIE = 'ct_staff';
export const DEVICE_COOKIE = 'ct_device';
const STAFF_API_PATH = '/api/v1/staff';
const DEVICE_COOKIE_PATH = '/api/v1/staff/session';
const DEVICE_COOKIE_SECONDS = 365 * 24 * 3600;

export interface CookieSettings {
  secure: boolean;
}

function serialize(
  name: string,
  value: string,
  options: { path: string; maxAgeSeconds?: number; secure: boolean },
): string {
  const parts = [`${name}=${value}`, `Path=${options.path}`, 'HttpOnly', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

// Fastify appends to a `Set-Cookie` already set (RFC 7230 §3.2.2), so each cookie is handed over once:
// passing the list read back would repeat every cookie set before it.
function appendCookie(reply: FastifyReply, cookie: string): void {
  void reply.header('set-cookie', cookie);
}

export function setSessionCookie(reply: FastifyReply, token: string, settings: CookieSettings): void {
  appendCookie(reply, serialize(SESSION_COOKIE, token, { path: STAFF_API_PATH, secure: settings.secure }));
}

export function clearSessionCookie(reply: FastifyReply, settings: CookieSettings): void {
  appendCookie(
    reply,
    serialize(SESSION_COOKIE, '', { path: STAFF_API_PATH, maxAgeSeconds: 0, secure: settings.secure }),
  );
}

export function setDeviceCookie(reply: FastifyReply, token: string, settings: CookieSettings): void {
  appendCookie(
    reply,
    serialize(DEVICE_COOKIE, token, {
      path: DEVICE_COOKIE_PATH,
      maxAgeSeconds: DEVICE_COOKIE_SECONDS,
      secure: settings.secure,
    }),
  );
}

const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** A cookie's token, or null when absent or not one we could have set. */
export function cookieToken(request: FastifyRequest, name: string): string | null {
  const value = cookieValue(request.headers.cookie, name);
  return value && TOKEN.test(value) ? value : null;
}
