import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { safeParse, type $ZodType } from 'zod/v4/core';
import type { MediaAnswer } from '../http/route-schemas.ts';

/**
 * Every JSON answer of a route with a schema is checked against the schema it declares for that
 * status (ADR 0070), so the description cannot drift from what the server sends. Tests only: in
 * production the check would cost about as much as a cached slot request. A mismatch is recorded
 * here and fails the test that caused it (response-schema-setup.ts).
 */
const mismatches: string[] = [];

/** The mismatches since the last call, emptied. */
export function takeResponseMismatches(): string[] {
  return mismatches.splice(0);
}

function bodyText(reply: FastifyReply, payload: unknown): string | null {
  if (typeof payload === 'string') return payload;
  if (!Buffer.isBuffer(payload)) return null;
  const encoding = reply.getHeader('content-encoding');
  if (encoding === 'br') return brotliDecompressSync(payload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(payload).toString('utf8');
  return payload.toString('utf8');
}

function check(request: FastifyRequest, reply: FastifyReply, payload: unknown): void {
  const declared = request.routeOptions.schema?.response as Record<string, $ZodType | MediaAnswer> | undefined;
  if (!declared) return;
  const route = `${request.method} ${request.routeOptions.url} → ${reply.statusCode}`;
  // A page, a file or a redirect: the description names its status and type, not a JSON schema.
  const isJson = String(reply.getHeader('content-type') ?? '').startsWith('application/json');
  if (!isJson) return;
  const answer = declared[reply.statusCode];
  // An answer declared by media type (a page that also answers JSON): its JSON schema.
  const schema = answer && 'content' in answer ? answer.content['application/json']?.schema : answer;
  if (!schema) {
    mismatches.push(`${route}: the route declares no answer for this status`);
    return;
  }
  const text = bodyText(reply, payload);
  if (text === null) return;
  const result = safeParse(schema, JSON.parse(text));
  if (!result.success) mismatches.push(`${route}: ${JSON.stringify(result.error.issues)}`);
}

/** Installed by the test app before any route is registered. */
export function installResponseCheck(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    check(request, reply, payload);
    return payload;
  });
}
