import type { BookingStatus } from './booking-lifecycle.ts';

/**
 * What a patient may do to their own booking from its manage link, and until when (ADR 0036).
 * Pure: the server answers `GET manage/{token}` with it and enforces the same answer in the
 * transaction that reschedules or cancels, so the page never offers what the server refuses.
 */
export interface ManagePolicy {
  /** No self-service move closer than this to the visit. */
  rescheduleCutoffHours: number;
  /** No self-service cancellation closer than this to the visit (past the grace period). */
  cancelCutoffHours: number;
  /** Self-service moves per booking. */
  maxReschedules: number;
  /** A paid booking cancelled at least this long before the visit gets its deposit back. */
  refundDepositIfCancelledHoursBefore: number;
}

/** The practice file's defaults (practice-config.md). */
export const DEFAULT_MANAGE_POLICY: ManagePolicy = {
  rescheduleCutoffHours: 24,
  cancelCutoffHours: 24,
  maxReschedules: 2,
  refundDepositIfCancelledHoursBefore: 48,
};

/** A booking made inside the cancel cutoff can still be cancelled this long after it was made. */
export const CANCEL_GRACE_MINUTES = 30;

/** What the page shows as the booking's state. `rescheduled` is a booked visit that was moved. */
export const MANAGE_STATES = [
  'requested',
  'awaiting_payment',
  'booked',
  'confirmed',
  'rescheduled',
  'cancelled',
  'past',
] as const;
export type ManageState = (typeof MANAGE_STATES)[number];

/** Why an action is not offered now; the page says it in words (and offers the phone). */
export const MANAGE_REFUSALS = [
  'ended',
  'past',
  'no_time',
  'awaiting_payment',
  'cutoff',
  'max_reschedules',
  'not_offered',
] as const;
export type ManageRefusal = (typeof MANAGE_REFUSALS)[number];

export interface ManagedBookingFacts {
  status: BookingStatus;
  startsAt: Date | null;
  createdAt: Date;
  rescheduleCount: number;
  /** The deposit the patient paid (cents), when the booking is paid and not refunded. */
  paidCents: number | null;
  /** False when the practice no longer offers the booking's reason online: it can be cancelled, not moved. */
  isOffered?: boolean;
}

export interface ManageAllowance {
  state: ManageState;
  canReschedule: boolean;
  rescheduleRefusal: ManageRefusal | null;
  /** The last moment a move is allowed (the cutoff before the current time). */
  rescheduleUntil: Date | null;
  reschedulesLeft: number;
  canCancel: boolean;
  cancelRefusal: ManageRefusal | null;
  /** The last moment a cancellation is allowed (the later of the cutoff and the grace period). */
  cancelUntil: Date | null;
  /** Cancelled before this moment, the deposit is refunded; null for an unpaid booking. */
  refundUntil: Date | null;
  /** What cancelling now gives back (cents); 0 when the deposit is kept, null when nothing was paid. */
  refundCentsIfCancelledNow: number | null;
}

const HOUR_MS = 3_600_000;

export function manageAllowance(facts: ManagedBookingFacts, policy: ManagePolicy, now: Date): ManageAllowance {
  const at = now.getTime();
  const start = facts.startsAt?.getTime() ?? null;
  const isPast = start !== null && start <= at;
  const state = stateOf(facts, isPast);
  const reschedulesLeft = Math.max(0, policy.maxReschedules - facts.rescheduleCount);

  const rescheduleUntil = start === null ? null : new Date(start - policy.rescheduleCutoffHours * HOUR_MS);
  const cutoffCancelUntil = start === null ? null : start - policy.cancelCutoffHours * HOUR_MS;
  // The grace period lets a patient undo a booking made for later today, but never past its start.
  const graceUntil = start === null ? null : Math.min(start, facts.createdAt.getTime() + CANCEL_GRACE_MINUTES * 60_000);
  const cancelUntil =
    cutoffCancelUntil === null ? null : new Date(Math.max(cutoffCancelUntil, graceUntil ?? cutoffCancelUntil));
  const refundUntil =
    facts.paidCents === null || start === null
      ? null
      : new Date(start - policy.refundDepositIfCancelledHoursBefore * HOUR_MS);

  const common = commonRefusal(facts.status, isPast);
  const rescheduleRefusal: ManageRefusal | null =
    common ??
    (start === null
      ? 'no_time'
      : facts.isOffered === false
        ? 'not_offered'
        : reschedulesLeft === 0
          ? 'max_reschedules'
          : at > rescheduleUntil!.getTime()
            ? 'cutoff'
            : null);
  // A request without a time can always be withdrawn: the office has not given it one yet.
  const cancelRefusal: ManageRefusal | null =
    facts.status === 'requested' ? null : (common ?? (at > cancelUntil!.getTime() ? 'cutoff' : null));

  return {
    state,
    canReschedule: rescheduleRefusal === null,
    rescheduleRefusal,
    rescheduleUntil,
    reschedulesLeft,
    canCancel: cancelRefusal === null,
    cancelRefusal,
    cancelUntil,
    refundUntil,
    refundCentsIfCancelledNow:
      facts.paidCents === null ? null : refundUntil !== null && at <= refundUntil.getTime() ? facts.paidCents : 0,
  };
}

function stateOf(facts: ManagedBookingFacts, isPast: boolean): ManageState {
  switch (facts.status) {
    case 'requested':
      return 'requested';
    case 'pending_payment':
      return 'awaiting_payment';
    case 'booked':
    case 'confirmed':
      if (isPast) return 'past';
      if (facts.status === 'confirmed') return 'confirmed';
      return facts.rescheduleCount > 0 ? 'rescheduled' : 'booked';
    case 'arrived':
    case 'no_show':
      return 'past';
    case 'cancelled':
    case 'expired':
    case 'refunded':
      return 'cancelled';
  }
}

function commonRefusal(status: BookingStatus, isPast: boolean): ManageRefusal | null {
  if (status === 'pending_payment') return 'awaiting_payment';
  if (status === 'booked' || status === 'confirmed') return isPast ? 'past' : null;
  if (status === 'requested') return null;
  return status === 'arrived' || status === 'no_show' ? 'past' : 'ended';
}
