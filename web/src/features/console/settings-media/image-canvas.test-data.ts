import { vi } from 'vitest';

/** A canvas that records what is drawn and "encodes" `encoded` (one size per quality tried). */
export function stubCanvas(picture: { width: number; height: number }, encoded: number[]) {
  const drawn: { canvas: [number, number]; args: unknown[] }[] = [];
  const qualities: number[] = [];
  const sizes = [...encoded];
  class FakeOffscreenCanvas {
    constructor(
      readonly width: number,
      readonly height: number,
    ) {}
    getContext() {
      return { drawImage: (...args: unknown[]) => drawn.push({ canvas: [this.width, this.height], args }) };
    }
    async convertToBlob(options: { type: string; quality: number }) {
      qualities.push(options.quality);
      return new Blob([new Uint8Array(sizes.shift() ?? 0).fill(7)], { type: options.type });
    }
  }
  const bitmap = { ...picture, close: vi.fn() };
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () => bitmap),
  );
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
  return { drawn, qualities, bitmap };
}
