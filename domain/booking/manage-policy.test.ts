import { describe, expect, it } from 'vitest';
import { DEFAULT_MANAGE_POLICY, manageAllowance, type ManagedBookingFacts } from './manage-policy.ts';

const start = new Date('2026-03-10T15:00:00Z');
const facts = (overrides: Partial<ManagedBookingFacts> = {}): ManagedBookingFacts => ({
  status: 'booked',
  startsAt: start,
  createdAt: new Date('2026-03-01T12:00:00Z'),
  rescheduleCount: 0,
  paidCents: null,
  ...overrides,
});
const at = (iso: string) => new Date(iso);

describe('manageAllowance', () => {
  it('allows both until the cutoff minute, counted from the current time, and neither after', () => {
    const edge = manageAllowance(facts(), DEFAULT_MANAGE_POLICY, at('2026-03-09T15:00:00Z'));
    expect(edge).toMatchObject({
      state: 'booked',
      canReschedule: true,
      canCancel: true,
      rescheduleUntil: at('2026-03-09T15:00:00Z'),
      cancelUntil: at('2026-03-09T15:00:00Z'),
    });
    const after = manageAllowance(facts(), DEFAULT_MANAGE_POLICY, at('2026-03-09T15:00:00.001Z'));
    expect(after).toMatchObject({
      canReschedule: false,
      rescheduleRefusal: 'cutoff',
      canCancel: false,
      cancelRefusal: 'cutoff',
    });
  });

  it('lets a booking made inside the cutoff be cancelled for 30 minutes, never past its start', () => {
    const made = at('2026-03-10T12:00:00Z');
    expect(
      manageAllowance(facts({ createdAt: made }), DEFAULT_MANAGE_POLICY, at('2026-03-10T12:30:00Z')),
    ).toMatchObject({ canCancel: true, canReschedule: false, cancelUntil: at('2026-03-10T12:30:00Z') });
    expect(
      manageAllowance(facts({ createdAt: made }), DEFAULT_MANAGE_POLICY, at('2026-03-10T12:30:01Z')),
    ).toMatchObject({ canCancel: false, cancelRefusal: 'cutoff' });
    const minutesBefore = at('2026-03-10T14:50:00Z');
    expect(
      manageAllowance(facts({ createdAt: minutesBefore }), DEFAULT_MANAGE_POLICY, minutesBefore).cancelUntil,
    ).toEqual(start);
  });

  it('counts moves left and refuses the one past the maximum', () => {
    expect(
      manageAllowance(facts({ rescheduleCount: 1 }), DEFAULT_MANAGE_POLICY, at('2026-03-02T00:00:00Z')),
    ).toMatchObject({ state: 'rescheduled', reschedulesLeft: 1, canReschedule: true });
    expect(
      manageAllowance(facts({ rescheduleCount: 2 }), DEFAULT_MANAGE_POLICY, at('2026-03-02T00:00:00Z')),
    ).toMatchObject({
      reschedulesLeft: 0,
      canReschedule: false,
      rescheduleRefusal: 'max_reschedules',
      canCancel: true,
    });
  });

  it('refunds the deposit until the refund window closes, and says 0 after', () => {
    const paid = facts({ paidCents: 7500 });
    expect(manageAllowance(paid, DEFAULT_MANAGE_POLICY, at('2026-03-08T15:00:00Z'))).toMatchObject({
      refundUntil: at('2026-03-08T15:00:00Z'),
      refundCentsIfCancelledNow: 7500,
    });
    expect(manageAllowance(paid, DEFAULT_MANAGE_POLICY, at('2026-03-08T15:00:01Z')).refundCentsIfCancelledNow).toBe(0);
    expect(
      manageAllowance(facts(), DEFAULT_MANAGE_POLICY, at('2026-03-02T00:00:00Z')).refundCentsIfCancelledNow,
    ).toBeNull();
  });

  it('offers a request without a time only its cancellation, and a deactivated reason no move', () => {
    expect(
      manageAllowance(
        facts({ status: 'requested', startsAt: null }),
        DEFAULT_MANAGE_POLICY,
        at('2026-03-02T00:00:00Z'),
      ),
    ).toMatchObject({
      state: 'requested',
      canReschedule: false,
      rescheduleRefusal: 'no_time',
      canCancel: true,
      cancelUntil: null,
    });
    expect(
      manageAllowance(facts({ isOffered: false }), DEFAULT_MANAGE_POLICY, at('2026-03-02T00:00:00Z')),
    ).toMatchObject({ canReschedule: false, rescheduleRefusal: 'not_offered', canCancel: true });
  });

  it('reads ended, past and unpaid bookings', () => {
    const now = at('2026-03-02T00:00:00Z');
    expect(manageAllowance(facts({ status: 'cancelled' }), DEFAULT_MANAGE_POLICY, now)).toMatchObject({
      state: 'cancelled',
      cancelRefusal: 'ended',
      rescheduleRefusal: 'ended',
    });
    expect(manageAllowance(facts({ status: 'refunded' }), DEFAULT_MANAGE_POLICY, now).state).toBe('cancelled');
    expect(manageAllowance(facts({ status: 'pending_payment' }), DEFAULT_MANAGE_POLICY, now)).toMatchObject({
      state: 'awaiting_payment',
      cancelRefusal: 'awaiting_payment',
    });
    expect(
      manageAllowance(facts({ status: 'confirmed' }), DEFAULT_MANAGE_POLICY, at('2026-03-10T15:00:00Z')),
    ).toMatchObject({ state: 'past', rescheduleRefusal: 'past', cancelRefusal: 'past' });
    expect(manageAllowance(facts({ status: 'no_show' }), DEFAULT_MANAGE_POLICY, now).state).toBe('past');
  });
});
