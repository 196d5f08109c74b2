import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';

export const ADMIN_UNAUTHORIZED_MESSAGE =
  'A valid admin API key is required: send the header Authorization: Bearer <ADMIN_API_KEY>.';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * A preParsing hook: it runs after the rate limit (onRequest), so wrong keys count against it, and
 * before the body is read. The request must carry `Authorization: Bearer <key>`; both sides are
 * hashed first, so the comparison takes the same time whatever the length of a wrong key.
 */
export function requireAdminKey(adminApiKey: string) {
  return async <P>(request: FastifyRequest, reply: FastifyReply, payload: P): Promise<P> => {
    if (hasAdminKey(request, adminApiKey)) return payload;
    void reply.header('www-authenticate', 'Bearer realm="admin"');
    throw new AppError(401, 'UNAUTHORIZED', ADMIN_UNAUTHORIZED_MESSAGE);
  };
}

/** Whether the request carries `Authorization: Bearer <adminApiKey>` (compared as digests, in constant time). */
export function hasAdminKey(request: FastifyRequest, adminApiKey: string | undefined): boolean {
  if (!adminApiKey) return false;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return Boolean(match?.[1] && timingSafeEqual(digest(match[1]), digest(adminApiKey)));
}
