import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';
import { preferredEncoding, type ContentEncoding } from '../../http/page-compression.ts';

/** `identity` is the JSON itself, as UTF-8 bytes. */
export type PayloadEncoding = ContentEncoding | 'identity';

/**
 * A slot list as the bytes it is sent as. A month of a busy practice is tens of kilobytes of
 * JSON: serialising and compressing it once per cache entry, not once per request, is what
 * lets a cached answer cost about as much as a trivial one.
 */
export interface SlotListPayload {
  readonly records: AvailabilityRecord[];
  readonly json: string;
  encoded(encoding: PayloadEncoding): Buffer;
}

/** `staleSince`: the list comes from an Open Dental mirror older than its practice allows (ADR 0071). */
export function createSlotListPayload(records: AvailabilityRecord[], staleSince: Date | null = null): SlotListPayload {
  const json = JSON.stringify({
    success: true,
    result: records,
    ...(staleSince ? { stale_since: staleSince.toISOString() } : {}),
  });
  const encodings = new Map<PayloadEncoding, Buffer>();
  return {
    records,
    json,
    encoded(encoding) {
      let bytes = encodings.get(encoding);
      if (!bytes) {
        // Even uncompressed, a string would be encoded to UTF-8 again on every send.
        bytes =
          encoding === 'br'
            ? brotliCompressSync(json, {
                params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
              })
            : encoding === 'gzip'
              ? gzipSync(json, { level: 6 })
              : Buffer.from(json, 'utf8');
        encodings.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/**
 * Sends the list as its cached bytes in the encoding the client takes best. The reply is the
 * untyped one: the route's schema describes the envelope these bytes hold (ADR 0070).
 */
export function sendSlotList(request: FastifyRequest, reply: FastifyReply, payload: SlotListPayload): FastifyReply {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(payload.encoded('identity'));
  return reply.header('content-encoding', encoding).send(payload.encoded(encoding));
}
