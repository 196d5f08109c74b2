import type {
  BookingActor,
  BookingEventDetail,
  BookingEventType,
  BookingHistoryEntry,
} from '../booking/booking-events.ts';

/**
 * A history entry in the console's English (ADR 0069): what happened, from its event's type and detail, and who, from
 * its actor. The server's tests and the console's panel read the same words.
 */
type Words = (detail: BookingEventDetail, isStaff: boolean) => string;

const STATUS_WORDS: Record<string, string> = { arrived: 'arrived', no_show: 'no-show', booked: 'booked' };
const backTo = (mark: string) => (detail: BookingEventDetail) =>
  `Undone: ${mark}${detail.back_to ? `, back to ${STATUS_WORDS[detail.back_to] ?? detail.back_to}` : ''}`;

const WORDS: Record<BookingEventType, Words> = {
  'booking.created': (_detail, isStaff) => (isStaff ? 'Booked by phone' : 'Booked online'),
  'booking.rescheduled': (d) => (d.from && d.to ? `Moved from ${d.from} to ${d.to}` : 'Moved'),
  'booking.moved_back': () => 'Moved back to the time Open Dental kept',
  'booking.scheduled': (d) => (d.to ? `Given a time: ${d.to}` : 'Given a time'),
  'booking.confirmed': () => 'Confirmed',
  'booking.arrived': (_detail, isStaff) => (isStaff ? 'Marked arrived' : 'Arrived'),
  'booking.no_show': (_detail, isStaff) => (isStaff ? 'Marked no-show' : 'No-show'),
  'booking.arrival_undone': backTo('arrived'),
  'booking.no_show_undone': backTo('no-show'),
  'booking.booked_unpaid': () => 'Booked without payment',
  'booking.cancelled': (d) =>
    `Cancelled${d.reason ? `: ${d.reason}` : ''}${d.refund_cents ? ` (refund ${d.refund_cents} cents)` : ''}`,
  'booking.expired': () => 'Expired unpaid',
  'booking.hold_lost': () => 'Checkout ended unpaid after its time was taken: not booked',
  'payment.succeeded': () => 'Paid',
  'payment.refunded': () => 'Refunded',
  'pms.written': () => 'Written to Open Dental',
  'booking.confirmation_resent': () => 'Confirmation sent again',
  'schedule.block_added': () => 'Time blocked',
  'schedule.block_removed': () => 'Block removed',
  'practice.changed': () => 'Practice changed',
  'opendental.changed': () => 'Changed in Open Dental',
  'opendental.time_taken': () => 'Time taken in Open Dental',
  'opendental.time_freed': () => 'Time freed in Open Dental',
  'feedback.received': () => 'Feedback received',
};

const ACTOR_WORDS: Record<Exclude<BookingActor['kind'], 'staff'>, string> = {
  patient: 'patient',
  payment: 'payment provider',
  opendental: 'Open Dental',
  system: 'system',
};

/** "Cancelled: Dentist is ill", by "desk@example.com"; "Booked online", by "patient". */
export function historyWords(entry: Pick<BookingHistoryEntry, 'type' | 'actor' | 'detail'>): {
  what: string;
  by: string;
} {
  const isStaff = entry.actor.kind === 'staff';
  const what = WORDS[entry.type](entry.detail ?? {}, isStaff);
  return { what, by: entry.actor.kind === 'staff' ? entry.actor.email : ACTOR_WORDS[entry.actor.kind] };
}
