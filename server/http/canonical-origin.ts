import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Pages of this server opened at another address than PUBLIC_URL's (127.0.0.1 for localhost,
 * `www.` for the bare domain, a proxy's own name) are sent to the same path and query on
 * PUBLIC_URL's origin before the booking starts: the booking lives in the session storage of one
 * origin, and the payment returns to PUBLIC_URL (ADR 0023).
 */

/** Not pages: the API, the dev tools (outbox, test checkout) and the built, content-hashed files. */
const NOT_PAGES = /^\/(api|_dev|assets)(\/|$)/;
const DEFAULT_PORTS: Record<string, string> = { 'http:': '80', 'https:': '443' };

export interface RequestAddress {
  /** `host[:port]` as the browser sent it (Host, or X-Forwarded-Host from a trusted proxy). */
  host: string;
  /** The scheme, or null when the server cannot know it (plain HTTP from a peer that is not a trusted proxy). */
  protocol: 'http' | 'https' | null;
}

const lastEntry = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value.at(-1) : value)?.split(',').at(-1)?.trim();

/**
 * The address the browser used. Fastify already takes X-Forwarded-Host and X-Forwarded-Proto only
 * from a peer that TRUST_PROXY names; the scheme counts only when it came from such a proxy or
 * from TLS on the socket, since a TLS-terminating proxy that is not trusted makes every request
 * look like plain HTTP.
 */
export function requestAddress(request: FastifyRequest, trustProxy: string | false): RequestAddress {
  const encrypted = (request.raw.socket as { encrypted?: boolean } | undefined)?.encrypted === true;
  const forwardedProto = lastEntry(request.headers['x-forwarded-proto'])?.toLowerCase();
  // Fastify read the header only if the peer is trusted; else its plain-HTTP answer is the socket's.
  const isForwarded = trustProxy !== false && forwardedProto !== undefined && request.protocol === forwardedProto;
  const protocol = encrypted || isForwarded ? (request.protocol === 'https' ? 'https' : 'http') : null;
  return { host: request.host, protocol };
}

/** The origin of a request's address, when it can be read (`null` for a malformed Host). */
export function requestOrigin(address: RequestAddress, fallbackProtocol: 'http' | 'https'): string | null {
  try {
    return new URL(`${address.protocol ?? fallbackProtocol}://${address.host}`).origin;
  } catch {
    return null;
  }
}

/**
 * True when the request reached PUBLIC_URL's origin. A port is compared only when the request
 * states one other than its scheme's default: a proxy on 80 or 443 that passes on the bare host
 * name is the public address, whatever port the app itself listens on.
 */
export function isCanonicalAddress(address: RequestAddress, canonical: URL): boolean {
  if (address.protocol !== null && `${address.protocol}:` !== canonical.protocol) return false;
  let url: URL;
  try {
    url = new URL(`${canonical.protocol}//${address.host}`);
  } catch {
    return false;
  }
  if (url.hostname !== canonical.hostname) return false;
  const statedPort = /:(\d+)$/.exec(address.host)?.[1];
  const isDefaultPort =
    statedPort === undefined || statedPort === DEFAULT_PORTS[`${address.protocol ?? canonical.protocol.slice(0, -1)}:`];
  return isDefaultPort || url.port === canonical.port;
}

export function registerCanonicalOrigin(
  app: FastifyInstance,
  options: { publicUrl: string; trustProxy: string | false },
): void {
  const canonical = new URL(options.publicUrl);
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (NOT_PAGES.test(request.url)) return;
    const address = requestAddress(request, options.trustProxy);
    // No Host at all (HTTP/1.0): nothing to compare, so nothing to correct.
    if (!address.host || isCanonicalAddress(address, canonical)) return;
    // The location is PUBLIC_URL's origin plus our own path, so it can never point elsewhere.
    const path = request.url.startsWith('/') ? request.url : `/${request.url}`;
    // A permanent redirect, but cached for an hour only, so a changed PUBLIC_URL is not stuck in browsers.
    return reply.header('cache-control', 'public, max-age=3600').redirect(`${canonical.origin}${path}`, 301);
  });
}
