import type { FailureCounts } from './sign-in-failures-repository.ts';

/**
 * When the next sign-in attempt may be checked (ADR 0038): failures slow the next attempt down per
 * e-mail and per IP, growing from the third (1 s, 2 s, 4 s ... up to a minute); ten failures for an
 * e-mail from unknown devices close it to unknown devices for 15 minutes, while a device that
 * signed in to it before keeps its own, separate count (OWASP's device cookies). Failures are
 * counted by a hash of the e-mail typed, so an address without an account behaves the same.
 */
export const FAILURE_WINDOW_MS = 15 * 60_000;
export const LOCKOUT_FAILURES = 10;
export const LOCKOUT_MS = 15 * 60_000;
const FREE_FAILURES = 2;
// A shared front desk's IP sees several people mistype before it slows down.
const FREE_IP_FAILURES = 9;
const MAX_DELAY_MS = 60_000;

export type ThrottleDecision =
  { kind: 'check' } | { kind: 'wait'; retryAfterMs: number } | { kind: 'locked'; retryAfterMs: number };

function delayAfter(failures: number, free: number): number {
  return failures <= free ? 0 : Math.min(1000 * 2 ** (failures - free - 1), MAX_DELAY_MS);
}

function waitLeft(failures: number, lastAt: Date | null, free: number, now: Date): number {
  if (!lastAt) return 0;
  return Math.max(0, lastAt.getTime() + delayAfter(failures, free) - now.getTime());
}

export function throttleDecision(counts: FailureCounts, trustedDevice: boolean, now: Date): ThrottleDecision {
  if (!trustedDevice && counts.untrusted >= LOCKOUT_FAILURES && counts.untrustedLastAt) {
    const left = counts.untrustedLastAt.getTime() + LOCKOUT_MS - now.getTime();
    if (left > 0) return { kind: 'locked', retryAfterMs: left };
  }
  const accountWait = trustedDevice
    ? waitLeft(counts.device, counts.deviceLastAt, FREE_FAILURES, now)
    : waitLeft(counts.untrusted, counts.untrustedLastAt, FREE_FAILURES, now);
  const wait = Math.max(accountWait, waitLeft(counts.ip, counts.ipLastAt, FREE_IP_FAILURES, now));
  return wait > 0 ? { kind: 'wait', retryAfterMs: wait } : { kind: 'check' };
}
