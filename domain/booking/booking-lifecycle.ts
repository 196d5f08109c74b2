import { LANGUAGES, type Language } from '../i18n/languages.ts';
/**
 * A booking's whole life in one place (ADR 0033). The status is its one state; the timestamps
 * beside it (confirmed, arrived, no-show, cancelled, rescheduled) are facts about when and by whom.
 */
export const BOOKING_STATUSES = [
  'requested', // no time yet: the practice schedules it by phone (the practice system was down)
  'pending_payment', // a time held while the patient is at the checkout
  'booked',
  'confirmed', // the patient said they will come
  'arrived', // checked in at the practice
  'no_show',
  'cancelled',
  'expired', // a payment hold that ran out
  'refunded', // paid, then refunded (the hold was released or replaced before the money arrived)
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/**
 * The statuses whose appointment holds its time: the exclusion constraints' predicate (migration
 * 0013) and every query that asks "is this time taken". A test compares the two.
 */
export const SLOT_HOLDING_STATUSES = [
  'pending_payment',
  'booked',
  'confirmed',
  'arrived',
] as const satisfies readonly BookingStatus[];
export type SlotHoldingStatus = (typeof SLOT_HOLDING_STATUSES)[number];

/** Statuses a booking does not leave by itself; its links still open it, read-only, for 30 days (ADR 0036). */
export const ENDED_STATUSES = [
  'no_show',
  'cancelled',
  'expired',
  'refunded',
] as const satisfies readonly BookingStatus[];

/** Bookings the patient still expects to keep: they can be confirmed, moved or cancelled. */
export const UPCOMING_STATUSES = ['booked', 'confirmed'] as const satisfies readonly BookingStatus[];

/** A visit booked and kept (or not yet marked a no-show): paid bookings are "booked", reviews are asked for these. */
export const BOOKED_STATUSES = ['booked', 'confirmed', 'arrived'] as const satisfies readonly BookingStatus[];

export function holdsSlot(status: BookingStatus): status is SlotHoldingStatus {
  return (SLOT_HOLDING_STATUSES as readonly BookingStatus[]).includes(status);
}

export function isBooked(status: BookingStatus): boolean {
  return (BOOKED_STATUSES as readonly BookingStatus[]).includes(status);
}

export function hasEnded(status: BookingStatus): boolean {
  return (ENDED_STATUSES as readonly BookingStatus[]).includes(status);
}

/**
 * The moves between statuses that a change asks for by name (`changeStatus`). Payments drive `pending_payment` (paid,
 * expired, replaced); people drive the rest. A no-show may be corrected to arrived (staff marked the wrong patient). A
 * hold that ran out is booked after all when the checkout's late word comes and its time is still free (ADR 0060).
 */
const TRANSITIONS: Record<BookingStatus, readonly BookingStatus[]> = {
  requested: ['booked', 'cancelled'],
  pending_payment: ['booked', 'expired', 'cancelled', 'refunded'],
  booked: ['confirmed', 'arrived', 'no_show', 'cancelled', 'refunded'],
  confirmed: ['arrived', 'no_show', 'cancelled', 'refunded'],
  arrived: [],
  no_show: ['arrived'],
  cancelled: [],
  expired: ['booked'],
  refunded: [],
};

/**
 * The moves that only follow from something else (ADR 0068): a mark undone goes back to the status before it (ADR
 * 0064); a confirmed booking moved to another time is booked again until the patient confirms the new one; money that
 * comes for a hold that was replaced or ran out, with its time gone, is refunded (ADR 0060). No caller asks for these
 * by name, so `canMove` leaves them out; the database accepts them (migration 0031).
 */
const FOLLOWING_MOVES: Partial<Record<BookingStatus, readonly BookingStatus[]>> = {
  confirmed: ['booked'],
  arrived: ['no_show', 'booked', 'confirmed'],
  no_show: ['booked', 'confirmed'],
  cancelled: ['refunded'],
  expired: ['refunded'],
};

export function canMove(from: BookingStatus, to: BookingStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Every move the product makes: the table the database's trigger holds each status change to (ADR 0068). */
export function isDeclaredEdge(from: BookingStatus, to: BookingStatus): boolean {
  return canMove(from, to) || (FOLLOWING_MOVES[from] ?? []).includes(to);
}

/** The declared edges as pairs, in the order of the statuses: what migration 0031 holds, compared by a test. */
export const DECLARED_EDGES: readonly (readonly [BookingStatus, BookingStatus])[] = BOOKING_STATUSES.flatMap((from) =>
  BOOKING_STATUSES.filter((to) => isDeclaredEdge(from, to)).map((to) => [from, to] as const),
);

/**
 * The status a front desk's mark goes back to when undone (ADR 0064), read from the stamps beside it: arrived
 * goes back to a no-show it corrected, else to confirmed or booked as the patient had left it; a no-show to
 * confirmed or booked. Null for any other status: only these two marks are undone.
 */
export function statusBeforeMark(booking: {
  status: BookingStatus;
  confirmed_at: Date | null;
  no_show_at: Date | null;
}): BookingStatus | null {
  if (booking.status !== 'arrived' && booking.status !== 'no_show') return null;
  if (booking.status === 'arrived' && booking.no_show_at) return 'no_show';
  return booking.confirmed_at ? 'confirmed' : 'booked';
}

/** A booking keeps its id, reference and calendar UID when moved; only upcoming ones move. */
export function canReschedule(status: BookingStatus): boolean {
  return (UPCOMING_STATUSES as readonly BookingStatus[]).includes(status);
}

/**
 * Staff give a booking a time: a move of one that can be moved, or the first time of a request
 * made while the practice's system offered none (it becomes booked, the `requested → booked` move).
 * Patients never give a request its time: the manage page refuses a booking without one.
 */
export function canGiveTime(status: BookingStatus): boolean {
  return canReschedule(status) || status === 'requested';
}

export const CANCELLED_BY = ['patient', 'staff', 'system'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** The languages a booking can be made and messaged in: the patient side's (ADR 0034). */
export const BOOKING_LANGUAGES = LANGUAGES;
export type BookingLanguage = Language;

/** The calendar UID: derived from the id, which a reschedule keeps, so calendars update in place. */
export function calendarUidOf(appointmentId: string): string {
  return `${appointmentId}@chairtime`;
}
