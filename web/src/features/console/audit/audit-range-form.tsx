import type { FormEvent } from 'react';
import { secondaryButtonClass } from '../shared/console-styles.ts';
import { DateRangeFields, readDateRange, type DateRange } from '../shared/date-range-fields.tsx';

/** The days to show (the practice's dates, both included); the page checks the range before reading it. */
interface AuditRangeFormProps extends DateRange {
  /** The id of the note saying what is wrong with the range, when something is. */
  problemId: string | undefined;
  onShow: (range: DateRange) => void;
}

export function AuditRangeForm({ from, to, problemId, onShow }: AuditRangeFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onShow(readDateRange(event.currentTarget));
  };
  return (
    <form onSubmit={submit} aria-label="Dates to show" className="flex flex-wrap items-end gap-2">
      <DateRangeFields from={from} to={to} problemId={problemId} />
      <button type="submit" className={secondaryButtonClass}>
        Show
      </button>
    </form>
  );
}
