import { describe, expect, it } from 'vitest';
import { decodePathSegment } from './path-segment.ts';

describe('decodePathSegment', () => {
  it('decodes a segment, and keeps one whose percent-encoding is broken as it came', () => {
    expect(decodePathSegment('caf%C3%A9%20dental')).toBe('café dental');
    expect(decodePathSegment('100%')).toBe('100%');
  });
});
