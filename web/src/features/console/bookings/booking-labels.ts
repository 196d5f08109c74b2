import type { BookingStatus } from '#domain/booking/booking-lifecycle.ts';
import type { PMS_WRITE_STATES, StaffAppointment } from '#domain/staff/staff-appointment-schemas.ts';
import type { PAYMENT_STATES } from '#domain/booking/manage-schemas.ts';

type Tone = 'neutral' | 'good' | 'warn' | 'bad';
export interface Badge {
  text: string;
  tone: Tone;
}

const STATUS: Record<BookingStatus, Badge> = {
  requested: { text: 'Requested', tone: 'warn' },
  pending_payment: { text: 'Awaiting payment', tone: 'warn' },
  booked: { text: 'Booked', tone: 'neutral' },
  confirmed: { text: 'Confirmed', tone: 'good' },
  arrived: { text: 'Arrived', tone: 'good' },
  no_show: { text: 'No-show', tone: 'bad' },
  cancelled: { text: 'Cancelled', tone: 'bad' },
  expired: { text: 'Expired', tone: 'bad' },
  refunded: { text: 'Refunded', tone: 'bad' },
};

/** A booking's state in words: "Booked", "No-show". */
export const statusText = (status: BookingStatus) => STATUS[status].text;

// Nothing to pay says nothing; the rest is what the front desk asks about at the counter.
const PAYMENT: Record<(typeof PAYMENT_STATES)[number], Badge | null> = {
  not_required: null,
  paid: { text: 'Paid', tone: 'good' },
  unpaid: { text: 'Unpaid', tone: 'warn' },
  refund_pending: { text: 'Refund pending', tone: 'warn' },
  refunded: { text: 'Refunded', tone: 'neutral' },
};

const PMS_WRITE: Record<(typeof PMS_WRITE_STATES)[number], Badge | null> = {
  pending: { text: 'Open Dental: pending', tone: 'warn' },
  written: { text: 'Open Dental: written', tone: 'good' },
  failed: { text: 'Open Dental: failed', tone: 'bad' },
  skipped: null,
};

/** The badges of a booking, in the order the eye wants them: its state, moved, payment, Open Dental. */
export function bookingBadges(
  appointment: Pick<StaffAppointment, 'status' | 'rescheduled' | 'payment' | 'pms_write'>,
): Badge[] {
  return [
    STATUS[appointment.status],
    appointment.rescheduled ? { text: 'Rescheduled', tone: 'neutral' as const } : null,
    PAYMENT[appointment.payment],
    appointment.pms_write ? PMS_WRITE[appointment.pms_write] : null,
  ].filter((badge): badge is Badge => badge !== null);
}

export const isInactive = (status: BookingStatus) =>
  status === 'cancelled' || status === 'no_show' || status === 'expired' || status === 'refunded';

export const patientName = (patient: { first_name: string; last_name: string }) =>
  `${patient.first_name} ${patient.last_name}`.trim();
