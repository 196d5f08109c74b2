import { useState, type FormEvent } from 'react';
import { MAX_RANGE_DAYS } from '#domain/staff/staff-inbox-schemas.ts';
import { apiUrl } from '../../../lib/api-client.ts';
import { ErrorNote } from '../shared/console-notes.tsx';
import { secondaryButtonClass } from '../shared/console-styles.ts';
import { DateRangeFields, dateRangeProblem, readDateRange } from '../shared/date-range-fields.tsx';

/**
 * "Export CSV": a plain GET form to `/api/v1/staff/appointments/export.csv?from&to`, so the
 * browser downloads the attachment itself (same origin, the session cookie goes along). A range
 * the server would refuse is stopped here, since its JSON error would replace the page.
 */
export function ExportForm({ from, to }: { from: string; to: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  const check = (event: FormEvent<HTMLFormElement>) => {
    const next = dateRangeProblem(readDateRange(event.currentTarget), MAX_RANGE_DAYS, 'Export');
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
      <DateRangeFields from={from} to={to} />
      <button type="submit" className={secondaryButtonClass}>
        Export CSV
      </button>
      {problem && <ErrorNote>{problem}</ErrorNote>}
    </form>
  );
}
