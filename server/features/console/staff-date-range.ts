import { parseLocalDate } from '#domain/time/local-date.ts';
import { wallFromParts } from '#domain/time/wall-clock.ts';
import { wallToInstant } from '#domain/time/zoned-time.ts';
import { AppError } from '../../http/app-error.ts';

/**
 * The instants [from 00:00, the day after `to` 00:00) of the practice's days `from`..`to`, both
 * included; a 400 when `to` is before `from` or the range is longer than `maxDays`. One reading for
 * every date range of the console: the schedule, the audit trail, review requests and the export.
 */
export function instantsOfDays(
  range: { from: string; to: string },
  timeZone: string,
  maxDays: number,
): { from: Date; to: Date } {
  const first = parseLocalDate(range.from);
  const last = parseLocalDate(range.to);
  if (last < first) throw AppError.badRequest('to must not be before from.', { to: 'must not be before from' });
  if (last - first + 1 > maxDays)
    throw AppError.badRequest(`The range is at most ${maxDays} days.`, { to: `at most ${maxDays} days after from` });
  return {
    from: new Date(wallToInstant(wallFromParts(first, 0), timeZone)),
    to: new Date(wallToInstant(wallFromParts(last + 1, 0), timeZone)),
  };
}
