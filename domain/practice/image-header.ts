import type { ImageType } from './practice-images.ts';

export interface ImageHeader {
  type: ImageType;
  width: number;
  height: number;
}

/**
 * What an uploaded file is, from its own bytes (ADR 0084): a PNG, JPEG or WebP and its size in pixels, or null.
 * The declared type and the file name are never trusted: the magic bytes decide, and the dimensions are read
 * from the header each format puts them in (PNG's IHDR, JPEG's start-of-frame, WebP's VP8/VP8L/VP8X chunk).
 */
export function readImageHeader(bytes: Uint8Array): ImageHeader | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return readPng(bytes);
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return readJpeg(bytes);
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return readWebp(bytes);
  return null;
}

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((byte, i) => bytes[i] === byte);
const ascii = (bytes: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...bytes.subarray(at, at + length));
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!;
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16);
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | u16be(b, at + 2));

const sized = (type: ImageType, width: number, height: number): ImageHeader | null =>
  width > 0 && height > 0 ? { type, width, height } : null;

function readPng(bytes: Uint8Array): ImageHeader | null {
  if (bytes.length < 24 || ascii(bytes, 12, 4) !== 'IHDR') return null;
  return sized('image/png', u32be(bytes, 16), u32be(bytes, 20));
}

/** Walks the segments to the first start-of-frame (C0-CF but C4 DHT, C8 JPG, CC DAC). */
function readJpeg(bytes: Uint8Array): ImageHeader | null {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
      return sized('image/jpeg', u16be(bytes, at + 7), u16be(bytes, at + 5));
    if (marker === 0xd9 || marker === 0xda) return null;
    at += 2 + u16be(bytes, at + 2);
  }
  return null;
}

function readWebp(bytes: Uint8Array): ImageHeader | null {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8 ' && bytes.length >= 30 && startsWith(bytes.subarray(23), [0x9d, 0x01, 0x2a]))
    return sized('image/webp', u16le(bytes, 26) & 0x3fff, u16le(bytes, 28) & 0x3fff);
  if (chunk === 'VP8L' && bytes.length >= 25 && bytes[20] === 0x2f) {
    const bits = (bytes[21]! | (bytes[22]! << 8) | (bytes[23]! << 16) | (bytes[24]! << 24)) >>> 0;
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X' && bytes.length >= 30) return sized('image/webp', u24le(bytes, 24) + 1, u24le(bytes, 27) + 1);
  return null;
}
