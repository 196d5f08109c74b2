import { describe, expect, it } from 'vitest';
import { smsSegments } from './sms-segments.ts';

describe('smsSegments', () => {
  it('counts GSM-7 texts at 160 a segment and 153 a part', () => {
    expect(smsSegments('a'.repeat(160))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments('a'.repeat(161))).toEqual({ encoding: 'GSM-7', units: 161, segments: 2 });
    expect(smsSegments('a'.repeat(306)).segments).toBe(2);
    expect(smsSegments('a'.repeat(307)).segments).toBe(3);
  });

  it('counts escape-table characters twice', () => {
    expect(smsSegments('€'.repeat(80))).toEqual({ encoding: 'GSM-7', units: 160, segments: 1 });
    expect(smsSegments(`${'a'.repeat(159)}[`).segments).toBe(2);
  });

  it('keeps é, ñ, ¡ and ¿ in GSM-7 but not á, í, ó, ú', () => {
    expect(smsSegments('¿Señor? ¡Café!').encoding).toBe('GSM-7');
    expect(smsSegments('código').encoding).toBe('UCS-2');
  });

  it('counts UCS-2 texts at 70 a segment and 67 a part, in UTF-16 units', () => {
    expect(smsSegments(`ó${'a'.repeat(69)}`)).toEqual({ encoding: 'UCS-2', units: 70, segments: 1 });
    expect(smsSegments(`ó${'a'.repeat(70)}`).segments).toBe(2);
    expect(smsSegments(`ó${'a'.repeat(133)}`).segments).toBe(2);
    expect(smsSegments(`ó${'a'.repeat(134)}`).segments).toBe(3);
    expect(smsSegments('😀').units).toBe(2);
  });
});
