import { MAX_RANGE_DAYS, type StaffDateRangeQuery } from '#domain/staff/staff-inbox-schemas.ts';
import { parseLocalDate } from '#domain/time/local-date.ts';
import { wallFromParts } from '#domain/time/wall-clock.ts';
import { wallToInstant } from '#domain/time/zoned-time.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * The instants [from 00:00, the day after `to` 00:00) of the practice's days `from`..`to`, both
 * included; a 400 when `to` is before `from` or the range is longer than 366 days.
 */
export function instantsOfDays(range: StaffDateRangeQuery, timeZone: string): { from: Date; to: Date } {
  const first = parseLocalDate(range.from);
  const last = parseLocalDate(range.to);
  if (last < first) throw AppError.badRequest('to must not be before from.', { to: 'must not be before from' });
  if (last - first + 1 > MAX_RANGE_DAYS) throw AppError.badRequest(`The range is at most ${MAX_RANGE_DAYS} days.`, { to: `at most ${MAX_RANGE_DAYS} days after from` });
  return { from: new Date(wallToInstant(wallFromParts(first, 0), timeZone)), to: new Date(wallToInstant(wallFromParts(last + 1, 0), timeZone)) };
}
