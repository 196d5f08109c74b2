import { describe, expect, it } from 'vitest';
import { bookingHorizon } from './booking-horizon.ts';

describe('bookingHorizon: last day of the month 11 months after the practice-local month', () => {
  it.each([
    ['2026-03-15T12:00:00Z', 'America/Chicago', '2027-02-28'],
    ['2026-12-01T18:00:00Z', 'America/Chicago', '2027-11-30'],
    ['2027-03-01T18:00:00Z', 'America/Chicago', '2028-02-29'], // leap February
    // 23:00 on 31 January in Chicago is already February in UTC: the practice's month counts.
    ['2026-02-01T05:00:00Z', 'America/Chicago', '2026-12-31'],
    ['2026-02-01T05:00:00Z', 'UTC', '2027-01-31'],
    ['2026-01-31T19:00:00Z', 'Asia/Kolkata', '2027-01-31'], // 00:30 on 1 February in Kolkata
  ])('now %s in %s -> %s', (now, zone, horizon) => {
    expect(bookingHorizon(new Date(now), zone)).toBe(horizon);
    expect(bookingHorizon(Date.parse(now), zone)).toBe(horizon);
  });
});

describe('bookingHorizon: a practice that books fewer months ahead (booking_horizon_months, ADR 0079)', () => {
  it.each([
    [2, '2026-03-15T12:00:00Z', 'America/Chicago', '2026-05-31'],
    [1, '2026-12-15T18:00:00Z', 'America/Chicago', '2027-01-31'],
    [1, '2026-02-01T05:00:00Z', 'America/Chicago', '2026-02-28'], // still January in Chicago
  ])('%i month(s) from %s in %s -> %s', (months, now, zone, horizon) => {
    expect(bookingHorizon(new Date(now), zone, months)).toBe(horizon);
  });
});
