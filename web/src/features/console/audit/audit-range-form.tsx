import type { FormEvent } from 'react';
import { secondaryButtonClass } from '../shared/console-styles.ts';

const dateInputClass = 'min-h-11 rounded-md border border-slate-400 bg-white px-2';

/** The days to show (the practice's dates, both included); the page checks the range before reading it. */
interface AuditRangeFormProps {
  from: string;
  to: string;
  /** The id of the note saying what is wrong with the range, when something is. */
  problemId: string | undefined;
  onShow: (range: { from: string; to: string }) => void;
}

export function AuditRangeForm({ from, to, problemId, onShow }: AuditRangeFormProps) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    onShow({ from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') });
  };
  const invalid = { 'aria-invalid': problemId ? true : undefined, 'aria-describedby': problemId };
  return (
    <form onSubmit={submit} aria-label="Dates to show" className="flex flex-wrap items-end gap-2">
      <label className="flex flex-col text-sm font-medium">
        From
        <input type="date" name="from" required defaultValue={from} className={dateInputClass} {...invalid} />
      </label>
      <label className="flex flex-col text-sm font-medium">
        To
        <input type="date" name="to" required defaultValue={to} className={dateInputClass} {...invalid} />
      </label>
      <button type="submit" className={secondaryButtonClass}>
        Show
      </button>
    </form>
  );
}
