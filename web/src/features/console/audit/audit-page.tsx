import { useInfiniteQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_MAX_DAYS, type AuditEntry } from '#domain/staff/staff-accounts-schemas.ts';
import { isRealLocalDate } from '#domain/time/calendar-fields.ts';
import { addDays } from '#domain/time/local-date.ts';
import { auditExportUrl, auditTrailQuery } from './audit-api.ts';
import { actionLabel, detailsText, recordLabel } from './audit-labels.ts';
import { AuditRangeForm } from './audit-range-form.tsx';
import { instantText, todayIn } from '../shared/console-dates.ts';
import { ErrorNote } from '../shared/console-notes.tsx';
import { secondaryButtonClass } from '../shared/console-styles.ts';
import { dateRangeProblem } from '../shared/date-range-fields.tsx';
import { TableHead } from '../shared/table-head.tsx';
import { useStaffSession } from '../staff-session-context.ts';

/** A range the server would refuse, in words; null when it is fine. */
export function auditRangeProblem(from: string, to: string): string | null {
  if (!isRealLocalDate(from) || !isRealLocalDate(to)) return 'Choose a start and an end date.';
  return dateRangeProblem({ from, to }, AUDIT_MAX_DAYS, 'Choose');
}

// The tables scroll sideways on a narrow screen, in a focusable region so the keyboard can scroll them too.

/**
 * `/console/audit` (owners): who looked at or changed what, newest first, with older pages on
 * request and the range as CSV. Read-only: the trail is append-only on the server, and nothing
 * here offers to edit or delete a row.
 */
export function AuditPage() {
  const session = useStaffSession();
  const [params, setParams] = useSearchParams();
  const today = todayIn(session.practice.time_zone);
  const to = params.get('to') ?? today;
  const from = params.get('from') ?? addDays(to, -6);
  const problem = auditRangeProblem(from, to);
  const trail = useInfiniteQuery({ ...auditTrailQuery(session.practice.id, from, to), enabled: problem === null });
  const entries = trail.data?.pages.flatMap((page) => page.entries) ?? [];
  const zone = session.practice.time_zone;
  const problemId = useId();

  return (
    <main className="flex flex-col gap-3 px-4 py-3">
      <h1 className="text-xl font-semibold">Audit trail</h1>
      <p className="text-slate-700">
        Every opening of a patient’s details, every search, export and change, and who did it. The trail cannot be
        edited or deleted; reading it is recorded too.
      </p>
      <div className="flex flex-wrap items-end gap-3">
        <AuditRangeForm
          from={from}
          to={to}
          problemId={problem ? problemId : undefined}
          onShow={(next) => setParams(next)}
        />
        {problem === null && (
          <a href={auditExportUrl(from, to)} download className={`${secondaryButtonClass} inline-flex items-center`}>
            Export CSV
            <span className="sr-only">
              {' '}
              of {from} to {to}
            </span>
          </a>
        )}
      </div>
      {problem && (
        <div id={problemId}>
          <ErrorNote>{problem}</ErrorNote>
        </div>
      )}
      {trail.isError && <ErrorNote>{trail.error.message}</ErrorNote>}
      {trail.isPending && problem === null && <p role="status">Loading the audit trail…</p>}
      {trail.data && (
        <p role="status">
          {entries.length === 0
            ? `Nothing recorded from ${from} to ${to}.`
            : `${entries.length} entries from ${from} to ${to}, newest first` +
              `${trail.hasNextPage ? '; older ones below' : ''}.`}
        </p>
      )}
      {entries.length > 0 && (
        <div
          role="region"
          aria-label="Audit trail entries"
          tabIndex={0}
          className="overflow-x-auto rounded-md border border-slate-300 bg-white"
        >
          <AuditTable entries={entries} from={from} to={to} zone={zone} />
        </div>
      )}
      {trail.hasNextPage && (
        <button
          type="button"
          onClick={() => void trail.fetchNextPage()}
          disabled={trail.isFetchingNextPage}
          className={`${secondaryButtonClass} self-start`}
        >
          {trail.isFetchingNextPage ? 'Loading older entries…' : 'Show older entries'}
        </button>
      )}
    </main>
  );
}

interface AuditTableProps {
  entries: AuditEntry[];
  from: string;
  to: string;
  /** The practice's time zone, for the times. */
  zone: string;
}

/** The entries, newest first, one row each. */
function AuditTable({ entries, from, to, zone }: AuditTableProps) {
  return (
    <table className="w-full text-left text-sm wrap-break-word">
      <caption className="sr-only">
        Audit trail from {from} to {to}
      </caption>
      <TableHead headings={['When', 'Who', 'IP', 'What', 'Record', 'Details']} />
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id} className="border-b border-slate-200 align-top last:border-b-0">
            <td className="p-2 whitespace-nowrap">{instantText(entry.at, zone)}</td>
            <td className="p-2">{entry.account_email}</td>
            <td className="p-2 whitespace-nowrap">{entry.ip ?? '—'}</td>
            <td className="min-w-36 p-2">{actionLabel(entry.action)}</td>
            <td className="min-w-48 p-2 break-all">{recordLabel(entry)}</td>
            <td className="min-w-64 p-2">{detailsText(entry.details)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
