/**
 * A QR code (ISO/IEC 18004) of a short text, drawn in the browser: byte mode, error correction
 * level M, versions 1 to 10 (up to 213 bytes, room for an authenticator's otpauth:// link). Made
 * here rather than by a third-party service, which would see the secret (ADR 0067). After Project
 * Nayuki's reference encoder (MIT), cut to what the console needs.
 */

// Level M, per version 1..10: error-correction codewords per block, and blocks.
const ECC_PER_BLOCK = [10, 16, 26, 18, 24, 16, 18, 22, 22, 26];
const BLOCKS = [1, 1, 1, 2, 2, 4, 4, 4, 5, 5];
const LEVEL_M_FORMAT_BITS = 0;

/** Modules of the code, rows of columns, true for dark; `mask` is chosen by penalty unless given. */
export function qrModules(text: string, mask?: number): boolean[][] {
  const bytes = [...new TextEncoder().encode(text)];
  const version = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].find((v) => bytes.length <= dataCapacity(v) - (v < 10 ? 2 : 3));
  if (version === undefined) throw new RangeError('Too long for a QR code of version 10');
  const grid = new QrGrid(version);
  grid.drawCodewords(withErrorCorrection(encodeData(bytes, version), version));
  const masks = mask === undefined ? [0, 1, 2, 3, 4, 5, 6, 7] : [mask];
  let best: { modules: boolean[][]; penalty: number } | null = null;
  for (const m of masks) {
    const modules = grid.masked(m);
    const penalty = masks.length === 1 ? 0 : penaltyOf(modules);
    if (!best || penalty < best.penalty) best = { modules, penalty };
  }
  return best!.modules;
}

const rawDataModules = (v: number) => {
  let result = (16 * v + 128) * v + 64;
  if (v >= 2) {
    const align = Math.floor(v / 7) + 2;
    result -= (25 * align - 10) * align - 55;
    if (v >= 7) result -= 36;
  }
  return result;
};
const dataCapacity = (v: number) => Math.floor(rawDataModules(v) / 8) - ECC_PER_BLOCK[v - 1]! * BLOCKS[v - 1]!;

function encodeData(bytes: number[], version: number): number[] {
  const bits: number[] = [];
  const put = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) put(byte, 8);
  const capacity = dataCapacity(version) * 8;
  put(0, Math.min(4, capacity - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) put(pad, 8);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((a, b) => (a << 1) | b, 0));
  return codewords;
}

function multiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

function reedSolomonDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = multiply(result[j]!, root);
      if (j + 1 < degree) result[j]! ^= result[j + 1]!;
    }
    root = multiply(root, 0x02);
  }
  return result;
}

function reedSolomonRemainder(data: readonly number[], divisor: number[]): number[] {
  const result = divisor.map(() => 0);
  for (const byte of data) {
    const factor = byte ^ result.shift()!;
    result.push(0);
    divisor.forEach((coefficient, i) => (result[i]! ^= multiply(coefficient, factor)));
  }
  return result;
}

/** The data split into blocks, each with its error correction, interleaved as the standard orders them. */
function withErrorCorrection(data: number[], version: number): number[] {
  const blocks = BLOCKS[version - 1]!;
  const eccLength = ECC_PER_BLOCK[version - 1]!;
  const raw = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blocks - (raw % blocks);
  const shortLength = Math.floor(raw / blocks);
  const divisor = reedSolomonDivisor(eccLength);
  const all: number[][] = [];
  for (let i = 0, k = 0; i < blocks; i++) {
    const part = data.slice(k, k + shortLength - eccLength + (i < shortBlocks ? 0 : 1));
    k += part.length;
    const ecc = reedSolomonRemainder(part, divisor);
    if (i < shortBlocks) part.push(0);
    all.push([...part, ...ecc]);
  }
  const result: number[] = [];
  for (let i = 0; i < all[0]!.length; i++) {
    all.forEach((block, j) => {
      if (i !== shortLength - eccLength || j >= shortBlocks) result.push(block[i]!);
    });
  }
  return result;
}

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** The fixed patterns of a version, and the data drawn around them. */
class QrGrid {
  readonly size: number;
  private readonly modules: boolean[][];
  private readonly isFunction: boolean[][];

  constructor(private readonly version: number) {
    this.size = version * 4 + 17;
    this.modules = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
    this.isFunction = Array.from({ length: this.size }, () => new Array<boolean>(this.size).fill(false));
    for (let i = 0; i < this.size; i++) {
      this.set(6, i, i % 2 === 0);
      this.set(i, 6, i % 2 === 0);
    }
    for (const [x, y] of [
      [3, 3],
      [this.size - 4, 3],
      [3, this.size - 4],
    ] as const)
      this.drawFinder(x, y);
    const align = this.alignmentPositions();
    const last = align.length - 1;
    align.forEach((ax, i) =>
      align.forEach((ay, j) => {
        if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
        for (let dy = -2; dy <= 2; dy++)
          for (let dx = -2; dx <= 2; dx++) this.set(ax + dx, ay + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }),
    );
    this.drawFormat(0);
    this.drawVersion();
  }

  private set(x: number, y: number, isDark: boolean) {
    this.modules[y]![x] = isDark;
    this.isFunction[y]![x] = true;
  }

  private drawFinder(x: number, y: number) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        const [xx, yy] = [x + dx, y + dy];
        if (xx >= 0 && xx < this.size && yy >= 0 && yy < this.size) this.set(xx, yy, distance !== 2 && distance !== 4);
      }
    }
  }

  private alignmentPositions(): number[] {
    if (this.version === 1) return [];
    const count = Math.floor(this.version / 7) + 2;
    const step = Math.floor((this.version * 8 + count * 3 + 5) / (count * 4 - 4)) * 2;
    const result = [6];
    for (let pos = this.size - 7; result.length < count; pos -= step) result.splice(1, 0, pos);
    return result;
  }

  private drawFormat(mask: number) {
    const data = (LEVEL_M_FORMAT_BITS << 3) | mask;
    let rem = data;
    for (let i = 0; i < 10; i++) rem = (rem << 1) ^ ((rem >>> 9) * 0x537);
    const bits = ((data << 10) | rem) ^ 0x5412;
    const bit = (i: number) => ((bits >>> i) & 1) !== 0;
    for (let i = 0; i <= 5; i++) this.set(8, i, bit(i));
    this.set(8, 7, bit(6));
    this.set(8, 8, bit(7));
    this.set(7, 8, bit(8));
    for (let i = 9; i < 15; i++) this.set(14 - i, 8, bit(i));
    for (let i = 0; i < 8; i++) this.set(this.size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) this.set(8, this.size - 15 + i, bit(i));
    this.set(8, this.size - 8, true);
  }

  private drawVersion() {
    if (this.version < 7) return;
    let rem = this.version;
    for (let i = 0; i < 12; i++) rem = (rem << 1) ^ ((rem >>> 11) * 0x1f25);
    const bits = (this.version << 12) | rem;
    for (let i = 0; i < 18; i++) {
      const isDark = ((bits >>> i) & 1) !== 0;
      const [a, b] = [this.size - 11 + (i % 3), Math.floor(i / 3)];
      this.set(a, b, isDark);
      this.set(b, a, isDark);
    }
  }

  /** The codewords in the standard's zigzag, two columns at a time from the bottom right. */
  drawCodewords(codewords: number[]) {
    let i = 0;
    for (let right = this.size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5;
      for (let vertical = 0; vertical < this.size; vertical++) {
        for (let j = 0; j < 2; j++) {
          const x = right - j;
          const y = ((right + 1) & 2) === 0 ? this.size - 1 - vertical : vertical;
          if (!this.isFunction[y]![x] && i < codewords.length * 8) {
            this.modules[y]![x] = ((codewords[i >>> 3]! >>> (7 - (i & 7))) & 1) !== 0;
            i++;
          }
        }
      }
    }
  }

  /** A copy with the mask applied to the data and that mask's format bits drawn. */
  masked(mask: number): boolean[][] {
    this.drawFormat(mask);
    return this.modules.map((row, y) =>
      row.map((dark, x) => (!this.isFunction[y]![x] && MASKS[mask]!(x, y) ? !dark : dark)),
    );
  }
}

/** The standard's penalty (runs, 2×2 blocks, finder-like patterns, balance): the lowest-scoring mask is used. */
function penaltyOf(modules: boolean[][]): number {
  const size = modules.length;
  const columns = modules.map((_, x) => modules.map((row) => row[x]!));
  let penalty = 0;
  for (const line of [...modules, ...columns]) {
    for (let i = 0, run = 1; i < size; i++, run++) {
      if (i === size - 1 || line[i] !== line[i + 1]) {
        if (run >= 5) penalty += run - 2;
        run = 0;
      }
    }
    const text = line.map((dark) => (dark ? '1' : '0')).join('');
    for (const pattern of ['10111010000', '00001011101']) {
      for (let at = text.indexOf(pattern); at !== -1; at = text.indexOf(pattern, at + 1)) penalty += 40;
    }
  }
  for (let y = 0; y < size - 1; y++) {
    for (let x = 0; x < size - 1; x++) {
      const colour = modules[y]![x];
      if (colour === modules[y]![x + 1] && colour === modules[y + 1]![x] && colour === modules[y + 1]![x + 1])
        penalty += 3;
    }
  }
  const dark = modules.flat().filter(Boolean).length;
  const total = size * size;
  penalty += (Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1) * 10;
  return penalty;
}

/** A block's error-correction codewords (exported for the standard's worked example in the tests). */
export const errorCorrectionOf = (data: readonly number[], length: number) =>
  reedSolomonRemainder(data, reedSolomonDivisor(length));
