import { describe, expect, it } from 'vitest';
import type { FailureCounts } from './sign-in-failures-repository.ts';
import { LOCKOUT_MS, throttleDecision } from './sign-in-throttle.ts';

const now = new Date('2026-11-25T10:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const none: FailureCounts = {
  untrusted: 0,
  untrustedLastAt: null,
  device: 0,
  deviceLastAt: null,
  ip: 0,
  ipLastAt: null,
};

describe('throttleDecision', () => {
  it('checks the first attempts at once', () => {
    expect(throttleDecision(none, false, now)).toEqual({ kind: 'check' });
    expect(throttleDecision({ ...none, untrusted: 2, untrustedLastAt: now }, false, now)).toEqual({ kind: 'check' });
  });

  it('grows the wait with each failure for the e-mail, up to a minute', () => {
    expect(throttleDecision({ ...none, untrusted: 3, untrustedLastAt: now }, false, now)).toEqual({
      kind: 'wait',
      retryAfterMs: 1000,
    });
    expect(throttleDecision({ ...none, untrusted: 5, untrustedLastAt: ago(1000) }, false, now)).toEqual({
      kind: 'wait',
      retryAfterMs: 3000,
    });
    expect(throttleDecision({ ...none, untrusted: 9, untrustedLastAt: now }, false, now)).toEqual({
      kind: 'wait',
      retryAfterMs: 60_000,
    });
    expect(throttleDecision({ ...none, untrusted: 5, untrustedLastAt: ago(4000) }, false, now)).toEqual({
      kind: 'check',
    });
  });

  it('slows an IP down only after ten failures, whatever the e-mails', () => {
    expect(throttleDecision({ ...none, ip: 9, ipLastAt: now }, false, now)).toEqual({ kind: 'check' });
    expect(throttleDecision({ ...none, ip: 12, ipLastAt: now }, true, now)).toEqual({
      kind: 'wait',
      retryAfterMs: 4000,
    });
  });

  it('locks unknown devices out for 15 minutes after ten failures, but not a device that signed in before', () => {
    const hammered = { ...none, untrusted: 10, untrustedLastAt: ago(60_000) };
    expect(throttleDecision(hammered, false, now)).toEqual({ kind: 'locked', retryAfterMs: LOCKOUT_MS - 60_000 });
    expect(throttleDecision(hammered, true, now)).toEqual({ kind: 'check' });
    expect(throttleDecision({ ...hammered, untrustedLastAt: ago(LOCKOUT_MS) }, false, now)).toEqual({ kind: 'check' });
  });

  it('counts a trusted device by its own failures', () => {
    expect(throttleDecision({ ...none, device: 4, deviceLastAt: now }, true, now)).toEqual({
      kind: 'wait',
      retryAfterMs: 2000,
    });
  });
});
