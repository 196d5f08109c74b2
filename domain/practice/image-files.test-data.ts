/** CRC-32 (PNG chunks) and Adler-32 (the zlib stream), small enough to write here: domain code has no Node. */
function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  for (const byte of bytes) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  return ((b << 16) | a) >>> 0;
}

/** A zlib stream of stored (uncompressed) blocks: valid for any decoder, and simple. */
function zlibStored(data: Buffer): Buffer {
  const blocks: Buffer[] = [];
  for (let at = 0; at < data.length || at === 0; at += 65535) {
    const part = data.subarray(at, at + 65535);
    const isLast = at + 65535 >= data.length;
    const head = Buffer.from([
      isLast ? 1 : 0,
      part.length & 0xff,
      part.length >> 8,
      ~part.length & 0xff,
      (~part.length >> 8) & 0xff,
    ]);
    blocks.push(head, part);
  }
  const check = Buffer.alloc(4);
  check.writeUInt32BE(adler32(data));
  return Buffer.concat([Buffer.from([0x78, 0x01]), ...blocks, check]);
}

/**
 * Image files for upload tests (ADR 0084). The PNG is a real one, of one colour; the JPEG and WebP carry only
 * what the server reads (their magic bytes and the header with the size), which is all the upload checks.
 */
export function pngOf(width: number, height: number, padTo = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, 0x80)]);
  const pixels = zlibStored(Buffer.concat(Array.from({ length: height }, () => row)));
  // A text chunk of filler makes a file of a wanted size without a larger picture.
  const filler = padTo > 0 ? [chunk('tEXt', Buffer.alloc(padTo, 0x61))] : [];
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    ...filler,
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG's start (SOI, a JFIF APP0 segment, a baseline start-of-frame) and its end. */
export function jpegOf(width: number, height: number): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0', 'ascii'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3];
  const components = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, ...components, 0xff, 0xd9]);
}

/** A WebP with its extended header (VP8X), which names the canvas size. */
export function webpOf(width: number, height: number): Buffer {
  const vp8x = Buffer.alloc(18);
  vp8x.write('VP8X', 0, 'ascii');
  vp8x.writeUInt32LE(10, 4);
  vp8x.writeUIntLE(width - 1, 12, 3);
  vp8x.writeUIntLE(height - 1, 15, 3);
  const riff = Buffer.alloc(12);
  riff.write('RIFF', 0, 'ascii');
  riff.writeUInt32LE(4 + vp8x.length, 4);
  riff.write('WEBP', 8, 'ascii');
  return Buffer.concat([riff, vp8x]);
}
