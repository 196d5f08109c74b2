import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ErrorNote } from '../../shared/console-notes.tsx';
import { inputClass, secondaryButtonClass } from '../../shared/console-styles.ts';
import { useStaffSession } from '../../staff-session-context.ts';
import { previewSettings } from '../settings-api.ts';
import type { SettingsDocument } from '../settings-document.ts';
import { SettingsSection } from '../settings-list.tsx';

/** The slots one day would offer under the unsaved hours, closures and time off (nothing is saved). */
export function PreviewSection({ draft }: { draft: SettingsDocument }) {
  const session = useStaffSession();
  const dateId = useId();
  const [date, setDate] = useState('');
  const preview = useMutation({
    mutationFn: (day: string) => previewSettings(session.csrf_token, draft, day),
  });
  const times = [...new Set((preview.data ?? []).map((slot) => slot.DateTimeStart.slice(11, 16)))];
  return (
    <SettingsSection id="settings-preview" heading="Preview the slots">
      <p className="text-slate-700">
        The times the first reason would offer on a day with the changes above, before you save them.
      </p>
      <div className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor={dateId} className="font-medium">
            Day
          </label>
          <input
            id={dateId}
            type="date"
            value={date}
            onChange={(event) => setDate(event.target.value)}
            className={inputClass}
          />
        </div>
        <button
          type="button"
          className={secondaryButtonClass}
          disabled={date === '' || preview.isPending}
          onClick={() => preview.mutate(date)}
        >
          Preview the slots
        </button>
      </div>
      {preview.isError && <ErrorNote>{preview.error.message}</ErrorNote>}
      {preview.isSuccess && (
        <p role="status">
          {times.length === 0
            ? `No slots on ${preview.variables}.`
            : `${times.length} slot time(s) on ${preview.variables}: ${times.join(', ')}`}
        </p>
      )}
    </SettingsSection>
  );
}
