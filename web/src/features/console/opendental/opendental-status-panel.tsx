import { useQuery } from '@tanstack/react-query';
import { instantText } from '../shared/console-dates.ts';
import { useStaffSession } from '../staff-session-context.ts';
import { openDentalStatusQuery } from './opendental-status-api.ts';

/** "45 s", "3 min", "2 h 5 min": how far behind Open Dental the mirror is. */
export function lagText(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${Math.floor(minutes / 60)} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

/**
 * The header's note on the practice's mirror of Open Dental (ADR 0071): when it was last refreshed,
 * how far behind it is and the sync's last error. Nothing for a practice not on Open Dental.
 */
export function OpenDentalStatusPanel() {
  const session = useStaffSession();
  const status = useQuery(openDentalStatusQuery(session.practice.id));
  if (!status.data) return null;
  const { last_refreshed_at: refreshedAt, lag_seconds: lag, last_error: lastError } = status.data;
  return (
    <section aria-label="Open Dental sync" className="text-sm text-slate-700">
      <p>
        Open Dental:{' '}
        {refreshedAt
          ? `refreshed ${instantText(refreshedAt, session.practice.time_zone)}, ${lagText(lag ?? 0)} behind`
          : 'first sync under way'}
      </p>
      {lastError && <p className="text-red-800">Last error: {lastError}</p>}
    </section>
  );
}
