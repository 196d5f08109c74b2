import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { FEEDBACK_POLL_MS, feedbackListQuery } from './feedback-api.ts';
import { requestsCountQuery } from './requests-api.ts';
import { useStaffSession } from './staff-session-context.ts';

const linkClass = 'flex min-h-11 items-center gap-2 rounded-md px-3 font-medium text-slate-900 hover:bg-slate-100 aria-[current=page]:bg-slate-900 aria-[current=page]:text-white';

/** The console's pages, each shown only to whom the session allows it; NavLink marks the current one with aria-current="page". */
export function ConsoleNav() {
  const session = useStaffSession();
  const canFeedback = session.permissions.includes('feedback');
  return (
    <nav aria-label="Console">
      <ul className="flex flex-wrap gap-1">
        {session.permissions.includes('schedule') && (
          <li>
            <NavLink to="/console" end className={linkClass}>
              Schedule
            </NavLink>
          </li>
        )}
        {session.permissions.includes('bookings') && (
          <li>
            <NavLink to="/console/requests" className={linkClass}>
              Requests
              <RequestsCount />
            </NavLink>
          </li>
        )}
        {canFeedback && (
          <li>
            <NavLink to="/console/feedback" className={linkClass}>
              Feedback
              <OpenCount />
            </NavLink>
          </li>
        )}
        {canFeedback && (
          <li>
            <NavLink to="/console/reviews" className={linkClass}>
              Reviews
            </NavLink>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** The open items' count: the list answers it whatever the filter, so the open list's query serves both. */
function OpenCount() {
  const session = useStaffSession();
  // Refreshed as a poll (feedback-api.ts): new feedback shows without a reload, and an idle console still times out.
  const list = useQuery({ ...feedbackListQuery(session.practice.id, 'open'), refetchInterval: FEEDBACK_POLL_MS });
  return <CountBadge count={list.data?.open_count ?? 0} label="open" />;
}

/** The requests waiting for a time (polled; the list itself is on the Requests page). */
function RequestsCount() {
  const session = useStaffSession();
  const count = useQuery(requestsCountQuery(session.practice.id));
  return <CountBadge count={count.data ?? 0} label="waiting" />;
}

function CountBadge({ count, label }: { count: number; label: string }) {
  if (count === 0) return null;
  return (
    <span className="rounded-full bg-amber-100 px-2 text-sm leading-6 text-amber-900">
      {count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}
