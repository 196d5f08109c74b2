import { describe, expect, it } from 'vitest';
import { errorCorrectionOf, qrModules } from './qr-code.ts';

const URI =
  'otpauth://totp/Chairtime:owner%40bright-smile.example?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Chairtime';
const bitsAt = (modules: boolean[][], cells: [x: number, y: number][]) =>
  cells.map(([x, y]) => (modules[y]![x] ? '1' : '0')).join('');

describe('a QR code made in the browser (ADR 0067)', () => {
  it('computes Reed–Solomon codewords as the worked example of "HELLO WORLD" at 1-M', () => {
    const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
    expect(errorCorrectionOf(data, 10)).toEqual([196, 35, 39, 119, 235, 215, 231, 226, 93, 23]);
  });

  it.each([
    ['a', 21],
    ['x'.repeat(60), 33],
    [URI, 45],
    ['x'.repeat(213), 57],
  ])('takes the smallest version that holds the text: %#', (text, size) => {
    const modules = qrModules(text);
    expect(modules.length).toBe(size);
    expect(modules.every((row) => row.length === size)).toBe(true);
  });

  it('refuses a text beyond version 10', () => {
    expect(() => qrModules('x'.repeat(214))).toThrow(RangeError);
  });

  it('draws the finders, timing and dark module, and the format bits of level M with its mask', () => {
    const modules = qrModules(URI, 5);
    const size = modules.length;
    const finderRow = '1111111';
    for (const [x, y] of [
      [0, 0],
      [size - 7, 0],
      [0, size - 7],
    ] as const) {
      expect(
        bitsAt(
          modules,
          [0, 1, 2, 3, 4, 5, 6].map((i) => [x + i, y]),
        ),
      ).toBe(finderRow);
      expect(
        bitsAt(
          modules,
          [0, 1, 2, 3, 4, 5, 6].map((i) => [x + i, y + 3]),
        ),
      ).toBe('1011101');
    }
    expect(
      bitsAt(
        modules,
        [8, 9, 10, 11, 12].map((x) => [x, 6]),
      ),
    ).toBe('10101');
    expect(modules[size - 8]![8]).toBe(true);
    // The standard's table: level M, mask 5 is 100000011001110, bit 14 first, read up column 8 then left.
    const formatCells: [number, number][] = [
      [8, 0],
      [8, 1],
      [8, 2],
      [8, 3],
      [8, 4],
      [8, 5],
      [8, 7],
      [8, 8],
      [7, 8],
      [5, 8],
      [4, 8],
      [3, 8],
      [2, 8],
      [1, 8],
      [0, 8],
    ];
    expect(bitsAt(modules, formatCells).split('').reverse().join('')).toBe('100000011001110');
  });

  it('writes the version 7 information block of the standard’s table (000111110010010100)', () => {
    const modules = qrModules('x'.repeat(110));
    expect(modules.length).toBe(45);
    const cells: [number, number][] = Array.from({ length: 18 }, (_, i) => [45 - 11 + (i % 3), Math.floor(i / 3)]);
    expect(bitsAt(modules, cells).split('').reverse().join('')).toBe('000111110010010100');
  });

  it('starts the data in byte mode at the bottom-right corner, under the mask', () => {
    const modules = qrModules('a', 0);
    const size = modules.length;
    // Mask 0 inverts where x + y is even; the first four data bits are the byte-mode indicator 0100.
    const cells: [number, number][] = [
      [size - 1, size - 1],
      [size - 2, size - 1],
      [size - 1, size - 2],
      [size - 2, size - 2],
    ];
    const unmasked = cells.map(([x, y]) => (modules[y]![x] !== ((x + y) % 2 === 0) ? '1' : '0')).join('');
    expect(unmasked).toBe('0100');
  });

  it('chooses a mask by the standard’s penalty, so the same text always gives the same code', () => {
    expect(qrModules(URI)).toEqual(qrModules(URI));
    const masks = [0, 1, 2, 3, 4, 5, 6, 7].map((mask) => JSON.stringify(qrModules(URI, mask)));
    expect(masks).toContain(JSON.stringify(qrModules(URI)));
    expect(new Set(masks).size).toBe(8);
  });
});
