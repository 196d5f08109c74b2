/**
 * What the success page asks after the provider sends the patient back: the checkout's status,
 * and the booking it made (ADR 0014). An answer completes a paid checkout the webhook has not.
 */
import { isBooked } from '#domain/booking/booking-lifecycle.ts';
import type { PaymentAppointment } from '#domain/payments/payment-schemas.ts';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';
import type { SessionState } from '../../adapters/payments/payment-adapter.ts';
import { AppError } from '../../http/app-error.ts';
import { translator } from '../../i18n/translate.ts';
import { countBookingLinks } from '../booking-links/booking-links.ts';
import { mintManageLink } from '../booking-links/manage-links.ts';
import { findProviderName } from '../practices/practices-service.ts';
import { slotTaken } from '../bookings/booking-transaction.ts';
import type { BookingResponse } from '../bookings/bookings-service.ts';
import { describeAppointment } from './own-checkout.ts';
import { completeSession, NOT_FOUND_MESSAGE, type PaymentsDeps } from './payment-completion.ts';
import * as messages from './payments.messages.ts';
import { findBookedSlotBySession, findSessionAppointment, findSessionStatus } from './payments-repository.ts';

// Reloads of the success page each get a link, up to this many; after that the page shows none.
const STATUS_LINKS_PER_BOOKING = 5;

const t = translator(messages);

export type CheckoutStatus = { apt_booked: boolean; payment_status: string; appointment: PaymentAppointment };

/** The payment status to report: the row's refund or payment state wins over the provider's view. */
function paymentStatusOf(row: { payment_status: string | null }, state: SessionState | null): string {
  if (row.payment_status === 'refund_pending' || row.payment_status === 'refunded') return 'refunded';
  if (row.payment_status === 'paid') return 'paid';
  return state?.paymentStatus && state.paymentStatus !== 'paid'
    ? state.paymentStatus
    : (row.payment_status ?? 'unpaid');
}

/** The appointment as the success page shows it; a paid booking also gets its manage link. */
async function appointmentNow(deps: PaymentsDeps, sessionId: string): Promise<PaymentAppointment> {
  const { db, clock } = deps;
  const appointment = (await findSessionAppointment(db, sessionId))!;
  const described = describeAppointment(appointment, clock.now());
  if (!(isBooked(appointment.status) && appointment.payment_status === 'paid')) return described;
  // The success page's manage link: minted per look, up to a few per booking (the e-mail has its own).
  const link =
    (await countBookingLinks(db, appointment.id, 'payment_status')) < STATUS_LINKS_PER_BOOKING
      ? await mintManageLink(db, {
          appointmentId: appointment.id,
          formUrl: appointment.form_url,
          carriedBy: 'payment_status',
          now: clock.now(),
        })
      : null;
  return {
    ...described,
    reference: appointment.reference,
    manage_path: link?.path ?? null,
    starts_at: appointment.starts_at?.toISOString() ?? null,
    ends_at: appointment.ends_at?.toISOString() ?? null,
    // What page 7 shows (ADR 0060): the provider a First Available booking went to, and its clinic's address.
    provider_name: await findProviderName(db, appointment.practice_id, appointment.pms_prov_num),
    clinic_num: appointment.pms_clinic_num,
  };
}

export async function checkStatus(deps: PaymentsDeps, sessionId: string, practiceId: string): Promise<CheckoutStatus> {
  const stored = await findSessionStatus(deps.db, sessionId);
  // An id of another practice is as unknown as a made-up one.
  if (!stored || stored.practice_id !== practiceId) throw AppError.notFound(NOT_FOUND_MESSAGE);
  if (stored.payment_status === 'paid')
    return {
      apt_booked: isBooked(stored.status),
      payment_status: 'paid',
      appointment: await appointmentNow(deps, sessionId),
    };
  let state: SessionState | null = null;
  if (stored.payment_status !== 'refund_pending' && stored.payment_status !== 'refunded') {
    state = await deps.adapter.retrieveSession(sessionId).catch(() => null);
    if (state?.paymentStatus === 'paid') await completeSession(deps, sessionId, `retrieve:${sessionId}:paid`, state);
  }
  // The answer is the row's, after any completion: a late payment whose slot went to someone
  // else is refunded, and the provider's "paid" must not be shown as a booking.
  const row = (await findSessionStatus(deps.db, sessionId)) ?? stored;
  return {
    apt_booked: isBooked(row.status),
    payment_status: paymentStatusOf(row, state),
    appointment: await appointmentNow(deps, sessionId),
  };
}

/** The success page's `POST appointment` with payment_details. */
export async function completeFromReturn(
  deps: PaymentsDeps,
  sessionId: string,
  practiceId: unknown,
): Promise<BookingResponse> {
  const status = await checkStatus(deps, sessionId, typeof practiceId === 'string' ? practiceId : '');
  if (status.payment_status === 'refund_pending' || status.payment_status === 'refunded') {
    throw new AppError(409, 'SLOT_TAKEN', t.localized('takenBeforePayment'), {
      payment_details: t.localized('takenBeforePaymentField'),
    });
  }
  if (!status.apt_booked)
    throw AppError.badRequest(t.localized('notComplete'), { payment_details: t.localized('notCompleteField') });
  const row = await findBookedSlotBySession(deps.db, sessionId);
  if (!row) throw slotTaken();
  // The success page's own manage link (each return mints one; the e-mail carries another).
  const link = await mintManageLink(deps.db, {
    appointmentId: row.id,
    formUrl: row.form_url,
    carriedBy: 'payment_return',
    now: deps.clock.now(),
  });
  const local = (at: Date | null) => (at ? formatInstantLocal(at, row.server_tz) : null);
  return {
    status: 200,
    body: {
      success: true,
      message: 'Appointment Booked',
      result: {
        appointment_id: row.id,
        reference: row.reference,
        status: 'booked',
        apt_date: local(row.starts_at)?.slice(0, 10) ?? null,
        start_time: local(row.starts_at)?.slice(11) ?? null,
        end_time: local(row.ends_at)?.slice(11) ?? null,
        pms_prov_num: row.pms_prov_num,
        pms_op_num: row.pms_op_num,
        manage_path: link.path,
      },
    },
  };
}
