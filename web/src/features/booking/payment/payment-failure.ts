import { useQuery } from '@tanstack/react-query';
import type { PaymentAppointment } from '#domain/payments/payment-schemas.ts';
import { formatDayHeadingIn, formatTimeOfDayIn } from '#domain/format/localized-format.ts';
import { zoneAbbreviation } from '#domain/time/time-format.ts';
import { parseLocalDateTime } from '#domain/time/wall-clock.ts';
import { formatInstantLocal, wallToInstant } from '#domain/time/zoned-time.ts';
import { loadCheckoutSession } from './checkout-session.ts';
import { fetchPaymentStatus, type PaymentStatus } from './payments-api.ts';

/**
 * The payment-failed page's lookup: which checkout came back (the cancel URL's session id, or the
 * one this browser stored for the practice) and what became of its appointment.
 */

/** Stripe may leave `{CHECKOUT_SESSION_ID}` unreplaced in a cancel URL: then the stored id is used. */
export function returningSessionId(param: string | null, formUrl: string): string | null {
  if (param && !param.includes('{')) return param;
  const stored = loadCheckoutSession();
  return stored && stored.formUrl === formUrl ? stored.sessionId : null;
}

export type FailureLookup = { kind: 'checking' } | { kind: 'unknown' } | { kind: 'checked'; status: PaymentStatus };

export function usePaymentFailure(
  sessionId: string | null,
  practiceId: string | undefined,
  isPracticeMissing: boolean,
): FailureLookup {
  const status = useQuery({
    queryKey: ['payment-status', sessionId, practiceId] as const,
    queryFn: ({ signal }) => fetchPaymentStatus(sessionId!, practiceId!, signal),
    enabled: Boolean(sessionId && practiceId),
    retry: false,
    gcTime: 0,
  });
  if (!sessionId || isPracticeMissing || status.isError) return { kind: 'unknown' };
  if (!status.data) return { kind: 'checking' };
  return { kind: 'checked', status: status.data };
}

/** "Tuesday, March 3, 11:00 AM EST": the appointment's date and time in the practice's zone, named, in `locale`. */
export function appointmentWhen(appointment: PaymentAppointment, locale: string): string | null {
  if (!appointment.apt_date || !appointment.start_time) return null;
  const instant = wallToInstant(
    parseLocalDateTime(`${appointment.apt_date}T${appointment.start_time}`),
    appointment.time_zone,
  );
  const day = formatDayHeadingIn(appointment.apt_date, locale);
  const time = formatTimeOfDayIn(appointment.start_time, locale);
  return `${day}, ${time} ${zoneAbbreviation(appointment.time_zone, instant)}`;
}

/** "11:41 AM EST" (in `locale`) and the whole minutes left, for a held appointment. */
export function heldUntil(
  appointment: PaymentAppointment,
  now: number,
  locale: string,
): { until: string; minutesLeft: number } | null {
  if (!appointment.held_until) return null;
  const instant = Date.parse(appointment.held_until);
  const local = formatInstantLocal(instant, appointment.time_zone).slice(11);
  return {
    until: `${formatTimeOfDayIn(local, locale)} ${zoneAbbreviation(appointment.time_zone, instant)}`,
    minutesLeft: Math.max(1, Math.floor((instant - now) / 60_000)),
  };
}
