import { z } from 'zod';

/**
 * What happened to a booking, or to a practice's times, one name per kind of change (ADR 0069). Each change writes
 * one `booking_events` row under one of these names in the transaction that makes it; webhooks, the waitlist and the
 * console's history read them. Names are wire names: add new ones, never rename one.
 */
export const BOOKING_EVENT_TYPES = {
  created: 'booking.created',
  rescheduled: 'booking.rescheduled',
  /** Open Dental kept the old time (its slot was taken there): the booking went back to it. */
  movedBack: 'booking.moved_back',
  cancelled: 'booking.cancelled',
  confirmed: 'booking.confirmed',
  /** A request without a time got its first one and is booked. */
  scheduled: 'booking.scheduled',
  arrived: 'booking.arrived',
  noShow: 'booking.no_show',
  /** A front desk's mark taken back (ADR 0064). */
  arrivalUndone: 'booking.arrival_undone',
  noShowUndone: 'booking.no_show_undone',
  /** A checkout that ended without money, booked unpaid (ADR 0060). */
  bookedUnpaid: 'booking.booked_unpaid',
  expired: 'booking.expired',
  /**
   * A checkout that ended without money after its hold ran out and its time was booked by someone else: nothing
   * changes (it stays expired), but both sides are told it is not booked.
   */
  holdLost: 'booking.hold_lost',
  paymentSucceeded: 'payment.succeeded',
  paymentRefunded: 'payment.refunded',
  pmsWritten: 'pms.written',
  /** Staff sent the confirmation again: no status or time changed, but the history tells it. */
  confirmationResent: 'booking.confirmation_resent',
  /** Practice-level: times opened or closed without a booking changing. */
  blockAdded: 'schedule.block_added',
  blockRemoved: 'schedule.block_removed',
  practiceChanged: 'practice.changed',
  opendentalChanged: 'opendental.changed',
  /** Practice-level: a time taken or freed in Open Dental, seen by its mirror (ADR 0071); the detail names it. */
  opendentalTimeTaken: 'opendental.time_taken',
  opendentalTimeFreed: 'opendental.time_freed',
  feedbackReceived: 'feedback.received',
} as const;
export type BookingEventType = (typeof BOOKING_EVENT_TYPES)[keyof typeof BOOKING_EVENT_TYPES];
export const BOOKING_EVENT_TYPE_VALUES = Object.values(BOOKING_EVENT_TYPES) as [
  BookingEventType,
  ...BookingEventType[],
];

/** The events with the practice as their subject: no booking changed. */
export const PRACTICE_EVENT_TYPES = [
  BOOKING_EVENT_TYPES.blockAdded,
  BOOKING_EVENT_TYPES.blockRemoved,
  BOOKING_EVENT_TYPES.practiceChanged,
  BOOKING_EVENT_TYPES.opendentalChanged,
  BOOKING_EVENT_TYPES.opendentalTimeTaken,
  BOOKING_EVENT_TYPES.opendentalTimeFreed,
  BOOKING_EVENT_TYPES.feedbackReceived,
] as const;
export type PracticeEventType = (typeof PRACTICE_EVENT_TYPES)[number];

/**
 * The time an `opendental.time_taken` or `opendental.time_freed` event names: the Open Dental appointment's
 * provider and chair, and its start and end on the office's wall clock ("2026-03-02 15:00"), so that a waitlist or a
 * webhook can act on that time.
 */
export const OpenDentalTimeSchema = z.object({
  pms_apt_num: z.number().int(),
  pms_prov_num: z.number().int(),
  pms_op_num: z.number().int(),
  start: z.string(),
  end: z.string(),
});
export type OpenDentalTime = z.infer<typeof OpenDentalTimeSchema>;

export const ACTOR_KINDS = ['patient', 'staff', 'payment', 'opendental', 'system'] as const;

/** Who made a change: the staff member's e-mail for staff, so the history names them. */
export const BookingActorSchema = z.union([
  z.object({ kind: z.literal('staff'), email: z.string() }),
  z.object({ kind: z.enum(['patient', 'payment', 'opendental', 'system']) }),
]);
export type BookingActor = z.infer<typeof BookingActorSchema>;

/**
 * What a change says besides its before and after (ADR 0069, amended): a cancellation's reason and refund, a move's
 * wall times in the clinic's zone ("2026-03-02 15:00"), the status an undone mark went back to.
 */
export const BookingEventDetailSchema = z.object({
  reason: z.string().optional(),
  refund_cents: z.number().int().optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  back_to: z.string().optional(),
  /** A move's: the provider's name as the move left the booking, so its message names them as they were then. */
  provider_name: z.string().optional(),
  /** `pms.written`: what was written into Open Dental, and its appointment there. */
  pms_action: z.enum(['created', 'moved', 'broken', 'confirmed']).optional(),
  pms_apt_num: z.number().int().optional(),
});
export type BookingEventDetail = z.infer<typeof BookingEventDetailSchema>;

/** One line of a booking's history as the staff console shows it, oldest first: one event each. */
export const BookingHistoryEntrySchema = z.object({
  type: z.enum(BOOKING_EVENT_TYPE_VALUES),
  at: z.iso.datetime(),
  actor: BookingActorSchema,
  detail: BookingEventDetailSchema.optional(),
});
export type BookingHistoryEntry = z.infer<typeof BookingHistoryEntrySchema>;
