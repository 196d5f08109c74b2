import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';

export type ContentEncoding = 'br' | 'gzip';

/**
 * A slot list as the bytes it is sent as. A month of a busy practice is tens of kilobytes of
 * JSON: serialising and compressing it once per cache entry, not once per request, is what
 * lets a cached answer cost about as much as a trivial one.
 */
export interface SlotListPayload {
  readonly records: AvailabilityRecord[];
  readonly json: string;
  encoded(encoding: ContentEncoding): Buffer;
}

export function createSlotListPayload(records: AvailabilityRecord[]): SlotListPayload {
  const json = JSON.stringify({ success: true, result: records });
  const encodings = new Map<ContentEncoding, Buffer>();
  return {
    records,
    json,
    encoded(encoding) {
      let bytes = encodings.get(encoding);
      if (!bytes) {
        bytes =
          encoding === 'br'
            ? brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: json.length } })
            : gzipSync(json, { level: 6 });
        encodings.set(encoding, bytes);
      }
      return bytes;
    },
  };
}

/** The best encoding the client accepts (brotli first); null for none. q=0 means "not this one". */
export function preferredEncoding(acceptEncoding: string | undefined): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const accepted = new Set(
    acceptEncoding
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}
