import { useState, type FormEvent } from 'react';
import { MAX_RANGE_DAYS } from '#domain/staff/staff-inbox-schemas.ts';
import { addDays } from '#domain/time/local-date.ts';
import { apiUrl } from '../../../lib/api-client.ts';
import { ErrorNote } from '../shared/console-notes.tsx';
import { secondaryButtonClass } from '../shared/console-styles.ts';

const dateInputClass = 'min-h-11 rounded-md border border-slate-400 bg-white px-2';

/**
 * "Export CSV": a plain GET form to `/api/v1/staff/appointments/export.csv?from&to`, so the
 * browser downloads the attachment itself (same origin, the session cookie goes along). A range
 * the server would refuse is stopped here, since its JSON error would replace the page.
 */
export function ExportForm({ from, to }: { from: string; to: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const check = (event: FormEvent<HTMLFormElement>) => {
    const form = new FormData(event.currentTarget);
    const start = String(form.get('from') ?? '');
    const end = String(form.get('to') ?? '');
    const next =
      end < start
        ? 'The end date is before the start date.'
        : end > addDays(start, MAX_RANGE_DAYS - 1)
          ? `Export at most ${MAX_RANGE_DAYS} days at a time.`
          : null;
    setProblem(next);
    if (next) event.preventDefault();
  };
  return (
    <form
      method="get"
      action={apiUrl('/staff/appointments/export.csv')}
      onSubmit={check}
      aria-label="Export bookings"
      className="flex flex-wrap items-end gap-2 px-4 pb-2"
    >
      <label className="flex flex-col text-sm font-medium">
        From
        <input type="date" name="from" required defaultValue={from} className={dateInputClass} />
      </label>
      <label className="flex flex-col text-sm font-medium">
        To
        <input type="date" name="to" required defaultValue={to} className={dateInputClass} />
      </label>
      <button type="submit" className={secondaryButtonClass}>
        Export CSV
      </button>
      {problem && <ErrorNote>{problem}</ErrorNote>}
    </form>
  );
}
