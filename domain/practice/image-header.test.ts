import { describe, expect, it } from 'vitest';
import { jpegOf, pngOf, webpOf } from './image-files.test-data.ts';
import { readImageHeader } from './image-header.ts';

describe('readImageHeader', () => {
  it.each([
    ['a PNG', pngOf(40, 30), { type: 'image/png', width: 40, height: 30 }],
    ['a JPEG', jpegOf(512, 300), { type: 'image/jpeg', width: 512, height: 300 }],
    ['a WebP (VP8X)', webpOf(1000, 400), { type: 'image/webp', width: 1000, height: 400 }],
  ])('reads %s and its size from its own bytes', (_name, bytes, header) => {
    expect(readImageHeader(bytes)).toEqual(header);
  });

  it('reads a lossy (VP8) and a lossless (VP8L) WebP', () => {
    const riff = (chunk: number[]) =>
      new Uint8Array([...Buffer.from('RIFF\0\0\0\0WEBP', 'ascii'), ...chunk, ...new Array(16).fill(0)]);
    const vp8 = riff([...Buffer.from('VP8 ', 'ascii'), 0, 0, 0, 0, 0, 0, 0, 0x9d, 0x01, 0x2a, 200, 0, 100, 0]);
    expect(readImageHeader(vp8)).toEqual({ type: 'image/webp', width: 200, height: 100 });
    // 14 bits of width - 1 (63), then 14 of height - 1 (31): 63 | 31 << 14.
    const bits = 63 | (31 << 14);
    const vp8l = riff([
      ...Buffer.from('VP8L', 'ascii'),
      0,
      0,
      0,
      0,
      0x2f,
      bits & 0xff,
      (bits >> 8) & 0xff,
      bits >> 16,
      0,
    ]);
    expect(readImageHeader(vp8l)).toEqual({ type: 'image/webp', width: 64, height: 32 });
  });

  it.each([
    ['text', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')],
    ['a GIF', Buffer.from('GIF89a\x10\x00\x10\x00', 'latin1')],
    ['a PNG cut short', pngOf(4, 4).subarray(0, 20)],
    ['a JPEG without a frame', Buffer.from([0xff, 0xd8, 0xff, 0xd9])],
    ['nothing', new Uint8Array()],
  ])('refuses %s', (_name, bytes) => {
    expect(readImageHeader(bytes)).toBeNull();
  });
});
