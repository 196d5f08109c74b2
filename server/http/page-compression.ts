import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** As `@fastify/compress` is set up for the API (`server/app.ts`): smaller answers are not worth it. */
const THRESHOLD_BYTES = 1024;

export type ContentEncoding = 'br' | 'gzip';

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

/**
 * A page's HTML, compressed when the browser accepts it (ADR 0077). Pages are answered by the
 * not-found handler, which `@fastify/compress` never sees (it compresses the replies of routes), so
 * a server-rendered booking page went out uncompressed. Brotli at quality 5: a fraction of a
 * millisecond for a page, within a few per cent of its best.
 */
export function compressedPage(request: FastifyRequest, reply: FastifyReply, html: string): string | Buffer {
  reply.header('vary', [reply.getHeader('vary'), 'Accept-Encoding'].filter(Boolean).join(', '));
  const encoding =
    Buffer.byteLength(html) >= THRESHOLD_BYTES ? preferredEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return html;
  reply.header('content-encoding', encoding);
  return encoding === 'br'
    ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
    : gzipSync(html, { level: 6 });
}
