import { useState, type FormEvent } from 'react';
import { MAX_RANGE_DAYS } from '#domain/staff/staff-inbox-schemas.ts';
import { addDays } from '#domain/time/local-date.ts';
import { todayIn } from './console-dates.ts';
import { ErrorNote } from './console-notes.tsx';
import { secondaryButtonClass } from './console-styles.ts';
import { DateRangeFields, dateRangeProblem, readDateRange, type DateRange } from './date-range-fields.tsx';

/**
 * A page's "Days shown" form: the practice's last 30 days first, then the range submitted once it
 * keeps the server's limits (`problem` says what is wrong otherwise).
 */
export function useShownDays(timeZone: string) {
  const today = todayIn(timeZone);
  const [range, setRange] = useState<DateRange>({ from: addDays(today, -29), to: today });
  const [problem, setProblem] = useState<string | null>(null);
  const show = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = readDateRange(event.currentTarget);
    const nextProblem = dateRangeProblem(next, MAX_RANGE_DAYS, 'Show');
    setProblem(nextProblem);
    if (!nextProblem) setRange(next);
  };
  return { range, problem, show };
}

/** The "Days shown" form of `useShownDays`, and what is wrong with the range asked for. */
export function ShownDaysForm({ range, problem, show }: ReturnType<typeof useShownDays>) {
  return (
    <>
      <form onSubmit={show} aria-label="Days shown" className="flex flex-wrap items-end gap-2">
        <DateRangeFields from={range.from} to={range.to} />
        <button type="submit" className={secondaryButtonClass}>
          Show
        </button>
      </form>
      {problem && <ErrorNote>{problem}</ErrorNote>}
    </>
  );
}
