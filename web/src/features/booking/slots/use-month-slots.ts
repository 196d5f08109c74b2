import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n/use-messages.ts';
import type { SlotSource } from '../api/slots-api.ts';
import type { SlotsError } from '../state/booking-state.ts';
import { groupSlotsByDay, isPmsUnavailable, monthRange, nextMonth, type DaySlot } from './slot-rules.ts';

export interface MonthSlotsInput {
  /** Where the month's slots come from (the booking flow's `slotsQuery`, or the manage page's). */
  source: SlotSource;
  month: string;
  today: string;
  horizonMonth: string;
  timeZone: string;
  minLeadHours: number;
  /**
   * Moves the calendar on (spec section 4: a month without slots moves on to the next). Keep it stable
   * (useCallback).
   */
  onEmptyMonth: (next: string) => void;
  /** Told of each failure and each success after one (the booking store's slotsError). Keep it stable. */
  onErrorChange?: ((error: SlotsError | null) => void) | undefined;
}

export type MonthSlots =
  | { status: 'loading' }
  /** `staleSince`: the slots may not be current (an Open Dental practice's mirror, ADR 0071). */
  | { status: 'ready'; days: Map<string, DaySlot[]>; staleSince: string | null }
  /** Nothing bookable up to the horizon. */
  | { status: 'none' }
  | { status: 'pms-unavailable'; message: string }
  | { status: 'error'; message: string };

/** The month's slots from the source; reports failures to `onErrorChange`. */
export function useMonthSlots(input: MonthSlotsInput): MonthSlots {
  const { startDate, endDate } = monthRange(input.month, input.today);
  const language = useLanguage();
  const query = useQuery(input.source({ startDate, endDate, language }));
  const setSlotsError = input.onErrorChange;
  // "Now" is when the data arrived; a refetch (20 s stale time) moves it on, so past times drop out.
  const arrivedAt = query.dataUpdatedAt;
  const days = useMemo(
    () =>
      query.data
        ? groupSlotsByDay(query.data.records, {
            timeZone: input.timeZone,
            now: arrivedAt,
            minLeadHours: input.minLeadHours,
          })
        : null,
    [query.data, arrivedAt, input.timeZone, input.minLeadHours],
  );
  const isEmpty = days !== null && days.size === 0;
  const canMoveOn = input.month < input.horizonMonth;
  const { onEmptyMonth } = input;

  useEffect(() => {
    if (isEmpty && canMoveOn) onEmptyMonth(nextMonth(input.month));
  }, [isEmpty, canMoveOn, input.month, onEmptyMonth]);

  const error = query.error;
  const staleSince = query.data?.staleSince ?? null;
  useEffect(() => {
    if (!setSlotsError) return;
    if (!error) {
      // Slots that may not be current let the patient proceed without one, as an outage does.
      if (query.isSuccess)
        setSlotsError(staleSince ? { statusCode: 200, code: 'PMS_UNAVAILABLE', message: 'stale' } : null);
      return;
    }
    const apiError = error instanceof ApiError ? error : null;
    setSlotsError({
      statusCode: apiError?.status ?? 0,
      code: isPmsUnavailable({ code: apiError?.code, message: error.message })
        ? 'PMS_UNAVAILABLE'
        : (apiError?.code ?? 'UNKNOWN'),
      message: error.message,
    });
  }, [error, query.isSuccess, staleSince, setSlotsError]);

  if (error) {
    const code = error instanceof ApiError ? error.code : undefined;
    return isPmsUnavailable({ code, message: error.message })
      ? { status: 'pms-unavailable', message: error.message }
      : { status: 'error', message: error.message };
  }
  if (!days || (isEmpty && canMoveOn)) return { status: 'loading' };
  if (isEmpty) return { status: 'none' };
  return { status: 'ready', days, staleSince: query.data?.staleSince ?? null };
}
