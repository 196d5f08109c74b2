import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AppNavLink } from '../../components/ui/app-link.tsx';
import { CONSOLE_PAGES } from './console-pages.ts';
import { FEEDBACK_POLL_MS, feedbackListQuery } from './feedback/feedback-api.ts';
import { requestsCountQuery } from './requests/requests-api.ts';
import { useStaffSession } from './staff-session-context.ts';

const linkClass =
  'flex min-h-11 items-center gap-2 rounded-md px-3 font-medium text-slate-900 hover:bg-slate-100 ' +
  'aria-[current=page]:bg-slate-900 aria-[current=page]:text-white';

/** The count some links carry, by page path. */
const BADGES: Readonly<Record<string, () => ReactNode>> = {
  requests: () => <RequestsCount />,
  feedback: () => <OpenCount />,
};

/**
 * The console's pages, each shown only to whom the session allows it; AppNavLink marks the current one with
 * aria-current="page".
 */
export function ConsoleNav() {
  const session = useStaffSession();
  return (
    <nav aria-label="Console">
      <ul className="flex flex-wrap gap-1">
        {CONSOLE_PAGES.filter((page) => session.permissions.includes(page.permission)).map((page) => (
          <li key={page.path}>
            <AppNavLink
              to={page.path === '' ? '/console' : `/console/${page.path}`}
              isEnd={page.path === ''}
              className={linkClass}
            >
              {page.label}
              {BADGES[page.path]?.()}
            </AppNavLink>
          </li>
        ))}
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
