import { useQuery } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { feedbackListQuery } from './feedback-api.ts';
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
        {canFeedback && (
          <li>
            <NavLink to="/console/feedback" className={linkClass}>
              Feedback
              <OpenCount />
            </NavLink>
          </li>
        )}
        {session.permissions.includes('staff') && (
          <li>
            <NavLink to="/console/staff" className={linkClass}>
              Staff
            </NavLink>
          </li>
        )}
        {session.permissions.includes('security') && (
          <li>
            <NavLink to="/console/security" className={linkClass}>
              Security
            </NavLink>
          </li>
        )}
        {session.permissions.includes('audit') && (
          <li>
            <NavLink to="/console/audit" className={linkClass}>
              Audit trail
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
  const list = useQuery(feedbackListQuery(session.practice.id, 'open'));
  const count = list.data?.open_count ?? 0;
  if (count === 0) return null;
  return (
    <span className="rounded-full bg-amber-100 px-2 text-sm leading-6 text-amber-900">
      {count}
      <span className="sr-only"> open</span>
    </span>
  );
}
