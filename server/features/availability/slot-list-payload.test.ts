import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { preferredEncoding } from '../../http/page-compression.ts';
import { createSlotListPayload } from './slot-list-payload.ts';

describe('slot list payload', () => {
  const records = [{ DateTimeStart: '2026-03-03 09:00:00', DateTimeEnd: '2026-03-03 09:30:00', ProvNum: 1, OpNum: 1 }];

  it('serialises the success envelope once and encodes it once per encoding, to the same bytes', () => {
    const payload = createSlotListPayload(records);
    expect(JSON.parse(payload.json)).toEqual({ success: true, result: records });
    expect(brotliDecompressSync(payload.encoded('br')).toString()).toBe(payload.json);
    expect(gunzipSync(payload.encoded('gzip')).toString()).toBe(payload.json);
    expect(payload.encoded('identity').toString('utf8')).toBe(payload.json);
    expect(payload.encoded('br')).toBe(payload.encoded('br'));
    expect(payload.encoded('identity')).toBe(payload.encoded('identity'));
  });

  it.each([
    [undefined, null],
    ['', null],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip;q=0.8', 'gzip'],
    ['identity', null],
  ])('picks %j -> %j', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});
