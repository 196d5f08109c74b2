import { useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
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

/** The cancel URL's session id; undefined when Stripe left `{CHECKOUT_SESSION_ID}` unreplaced, or none came. */
export const sessionIdInAddress = (param: string | null): string | undefined =>
  param && !param.includes('{') ? param : undefined;

/** The cancel URL's session id, else the one this browser stored for the practice. */
export function returningSessionId(param: string | null, formUrl: string): string | null {
  const inAddress = sessionIdInAddress(param);
  if (inAddress) return inAddress;
  const stored = loadCheckoutSession();
  return stored && stored.formUrl === formUrl ? stored.sessionId : null;
}

const unchanging = () => () => {};

/**
 * The returning session id, read once (before the page clears the stored session). While the server's
 * markup is rendered or hydrated (ADR 0072) it is the address's alone, as the server can see it: undefined
 * when the stored one is still to be read, which the browser does right after hydrating.
 */
export function useReturningSessionId(param: string | null, formUrl: string): string | null | undefined {
  const [readOnce] = useState(() => {
    let id: string | null | undefined;
    return () => (id === undefined ? (id = returningSessionId(param, formUrl)) : id);
  });
  return useSyncExternalStore(unchanging, readOnce, () => sessionIdInAddress(param));
}

export type FailureLookup = { kind: 'checking' } | { kind: 'unknown' } | { kind: 'checked'; status: PaymentStatus };

/** `sessionId` undefined: not known yet (the stored one is read after the first render), so still checking. */
export function usePaymentFailure(
  sessionId: string | null | undefined,
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
  if (sessionId === undefined && !isPracticeMissing) return { kind: 'checking' };
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
