import { addDays } from '#domain/time/local-date.ts';

const dateInputClass = 'min-h-11 rounded-md border border-slate-400 bg-white px-2';

/** A range of the practice's dates, both included (a type, so it may go into URLSearchParams as it is). */
export type DateRange = { from: string; to: string };

/** The range a "From"/"To" form was submitted with. */
export function readDateRange(form: HTMLFormElement): DateRange {
  const data = new FormData(form);
  return { from: String(data.get('from') ?? ''), to: String(data.get('to') ?? '') };
}

/**
 * The server's own limits on a range, said before asking: the end not before the start, at most
 * `maxDays` days (`verb` begins that sentence: "Show", "Export"). Null when the range is fine.
 */
export function dateRangeProblem({ from, to }: DateRange, maxDays: number, verb: string): string | null {
  if (to < from) return 'The end date is before the start date.';
  if (to > addDays(from, maxDays - 1)) return `${verb} at most ${maxDays} days at a time.`;
  return null;
}

interface DateRangeFieldsProps extends DateRange {
  /** The id of the note saying what is wrong with the range, when something is. */
  problemId?: string | undefined;
}

/** The "From" and "To" date inputs of a range form. */
export function DateRangeFields({ from, to, problemId }: DateRangeFieldsProps) {
  const invalid = problemId ? { 'aria-invalid': true, 'aria-describedby': problemId } : {};
  return (
    <>
      <label className="flex flex-col text-sm font-medium">
        From
        <input type="date" name="from" required defaultValue={from} className={dateInputClass} {...invalid} />
      </label>
      <label className="flex flex-col text-sm font-medium">
        To
        <input type="date" name="to" required defaultValue={to} className={dateInputClass} {...invalid} />
      </label>
    </>
  );
}
