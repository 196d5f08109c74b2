import { newIdempotencyKey } from '../contact/idempotency-key.ts';
import { clearBookingStorage } from '../state/booking-store.ts';
import { clearVerificationState } from '../verify/verification-store.ts';
import { loadCheckoutSession, saveCheckoutSession, type PaymentReceipt } from './checkout-session.ts';
import type { BookingResult } from '#domain/booking/booking-schemas.ts';
import type { PaymentAppointment } from '#domain/payments/payment-schemas.ts';
import { fetchPaymentStatus, postPaidBooking, type PaidBookingRequest } from './payments-api.ts';

export type PaymentReturn =
  | { kind: 'checking' }
  /** The lookup failed or there was no session id: spec section 8, payment return failures are silently ignored. */
  | { kind: 'unknown' }
  | {
      kind: 'checked';
      isPaid: boolean;
      isBooked: boolean;
      receipt: PaymentReceipt | null;
      booked: BookedVisit | null;
      /** The server's account of the appointment: its zone, provider and clinic, as page 7 shows them (ADR 0060). */
      appointment: PaymentAppointment | null;
    };

/** Once booked and paid (ADR 0036): the reference, the manage page and the visit's instants. */
export interface BookedVisit {
  reference: string | null;
  managePath: string | null;
  startsAt: string | null;
  endsAt: string | null;
}

interface ResolveInput {
  formUrl: string;
  sessionId: string | null;
  /** The practice id when nothing is stored (another tab, cleared storage): from the practice form. */
  practiceIdOf: (formUrl: string) => Promise<string>;
  /** The write of the paid booking (the page's mutation); `POST appointment` by default. */
  bookPaid?: (request: PaidBookingRequest) => Promise<BookingResult>;
  signal?: AbortSignal;
}

/**
 * Spec section 4, payment return: look the session up; when the appointment is not recorded yet
 * and a slot exists, send the booking once with payment details. Paid is shown only for
 * payment_status 'paid'. Never throws (except when aborted): failures become `unknown`.
 */
export async function resolvePaymentReturn({
  formUrl,
  sessionId,
  practiceIdOf,
  bookPaid = postPaidBooking,
  signal,
}: ResolveInput): Promise<PaymentReturn> {
  if (!sessionId) return { kind: 'unknown' };
  const stored = loadCheckoutSession();
  const own = stored && stored.sessionId === sessionId && stored.formUrl === formUrl ? stored : null;
  try {
    const practiceId = own?.practiceId ?? (await practiceIdOf(formUrl));
    const status = await fetchPaymentStatus(sessionId, practiceId, signal);
    let isBooked = status.aptBooked;
    let isPaid = status.paymentStatus === 'paid';
    const appointment = status.appointment;
    let booked: BookedVisit | null = appointment?.manage_path
      ? {
          reference: appointment.reference ?? null,
          managePath: appointment.manage_path,
          startsAt: appointment.starts_at ?? null,
          endsAt: appointment.ends_at ?? null,
        }
      : null;
    if (!isBooked && own?.receipt.slot && !own.isReturnSubmitted) {
      // Marked before sending, so a reload or a second render never sends it twice.
      saveCheckoutSession({ ...own, isReturnSubmitted: true });
      try {
        const result = await bookPaid({
          body: own.body,
          amount: own.receipt.amount,
          sessionId,
          idempotencyKey: newIdempotencyKey(),
        });
        isBooked = true;
        isPaid = true;
        if (result.manage_path)
          booked = {
            reference: result.reference ?? null,
            managePath: result.manage_path,
            startsAt: appointment?.starts_at ?? null,
            endsAt: appointment?.ends_at ?? null,
          };
      } catch {
        // Silently ignored (spec section 8): the status shown stays the one the lookup gave.
      }
    }
    return {
      kind: 'checked',
      isPaid,
      isBooked,
      receipt: own?.receipt ?? null,
      booked: isBooked && isPaid ? booked : null,
      appointment: appointment ?? null,
    };
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    return { kind: 'unknown' };
  }
}

/**
 * Spec section 4: once booked, the booking state is cleared (so the form starts afresh). The
 * stored session stays until the patient leaves this page, so a reload still shows the receipt.
 */
export function forgetFinishedBooking(): void {
  clearBookingStorage();
  clearVerificationState();
}
