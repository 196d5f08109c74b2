import type { ManageRefusal, ManageState } from '#domain/booking/manage-policy.ts';
import type { ManagedAppointment } from '#domain/booking/manage-schemas.ts';
import type { Language } from '#domain/i18n/languages.ts';
import type { Translate } from '#domain/i18n/message-catalog.ts';
import { formatDollarsIn } from '#domain/format/localized-format.ts';
import { INTL_LOCALE } from '#domain/i18n/languages.ts';
import { describeAppointmentTime } from '#domain/time/appointment-time.ts';
import type * as messages from './manage-page.messages.ts';

type T = Translate<typeof messages.en>;

const STATE_HEADINGS: Record<ManageState, keyof typeof messages.en> = {
  booked: 'stateBooked',
  confirmed: 'stateConfirmed',
  rescheduled: 'stateRescheduled',
  cancelled: 'stateCancelled',
  past: 'statePast',
  requested: 'stateRequested',
  awaiting_payment: 'stateAwaitingPayment',
};

/** A no-show is "past" to the policy, but it did not take place: the page says it was missed (ADR 0062). */
export const stateHeading = (t: T, appointment: Pick<ManagedAppointment, 'state' | 'status'>) =>
  t(appointment.status === 'no_show' ? 'stateMissed' : STATE_HEADINGS[appointment.state]);

/** The line under the heading: a request waits for the office's call, a missed visit says so. */
export function stateNote(t: T, appointment: Pick<ManagedAppointment, 'state' | 'status'>): string | null {
  if (appointment.status === 'no_show') return t('missedNote');
  return appointment.state === 'requested' ? t('requestedNote') : null;
}

/** Why a move or cancellation is not offered, in words; null for the states the page shows itself. */
export function refusalText(t: T, action: 'reschedule' | 'cancel', refusal: ManageRefusal | null): string | null {
  switch (refusal) {
    case 'cutoff':
      return t(action === 'reschedule' ? 'refusalCutoffMove' : 'refusalCutoffCancel');
    case 'max_reschedules':
      return action === 'reschedule' ? t('refusalMaxReschedules') : null;
    case 'not_offered':
      return action === 'reschedule' ? t('refusalNotOffered') : null;
    case 'awaiting_payment':
      return t('refusalAwaitingPayment');
    default:
      // ended, past, no_time and null: the heading and the details already say it.
      return null;
  }
}

export const money = (cents: number, language: Language) => formatDollarsIn(cents / 100, INTL_LOCALE[language]);

/** A moment in the practice's zone, as the patient's e-mails write it. */
export const momentIn = (iso: string, appointment: ManagedAppointment, language: Language) =>
  describeAppointmentTime(new Date(iso), appointment.practice.time_zone, language);

export function paymentText(t: T, payment: ManagedAppointment['payment'], language: Language): string | null {
  if (payment.amount_cents === null || payment.state === 'not_required') return null;
  const amount = money(payment.amount_cents, language);
  switch (payment.state) {
    case 'paid':
      return t('paid', { amount });
    case 'unpaid':
      return t('unpaid', { amount });
    case 'refund_pending':
      return t('refundPending', { amount });
    case 'refunded':
      return t('refunded', { amount });
  }
}
