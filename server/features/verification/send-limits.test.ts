import { describe, expect, it } from 'vitest';
import { checkSendLimits, describeWait } from './send-limits.ts';

const now = new Date('2026-03-02T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;

describe('checkSendLimits', () => {
  it('allows the first send', () => {
    expect(checkSendLimits([], now)).toBeNull();
  });

  it('asks to wait out the 30-second cooldown', () => {
    expect(checkSendLimits([ago(10_000)], now)).toMatchObject({
      retryAfterSeconds: 20,
      message: 'A code was just sent. Please wait 20 seconds before asking for a new one.',
    });
    expect(checkSendLimits([ago(30_000)], now)).toBeNull();
  });

  it('allows three sends in ten minutes', () => {
    expect(checkSendLimits([ago(MINUTE), ago(2 * MINUTE)], now)).toBeNull();
    expect(checkSendLimits([ago(MINUTE), ago(2 * MINUTE), ago(3 * MINUTE)], now)).toMatchObject({
      retryAfterSeconds: 7 * 60,
      message: 'Too many codes were requested for this contact. Please try again in 7 minutes.',
    });
  });

  it('allows ten sends in a day, then waits for the oldest to age out', () => {
    const nine = Array.from({ length: 9 }, (_, i) => ago((i + 1) * 60 * MINUTE));
    expect(checkSendLimits(nine, now)).toBeNull();
    const ten = [...nine, ago(23 * 60 * MINUTE + 30 * MINUTE)];
    expect(checkSendLimits(ten, now)).toMatchObject({
      retryAfterSeconds: 30 * 60,
      message: 'Too many codes were requested for this contact. Please try again in 30 minutes.',
    });
  });
});

describe('describeWait', () => {
  it.each([
    [1, '1 second'],
    [59, '59 seconds'],
    [60, '1 minute'],
    [61, '2 minutes'],
    [3600, '1 hour'],
    [3601, '2 hours'],
  ])('%i s reads %s', (seconds, text) => {
    expect(describeWait(seconds)).toBe(text);
  });
});
