import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StrandedBooking } from '#domain/api/envelope-schemas.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ErrorNote } from '../shared/console-notes.tsx';
import { primaryButtonClass, secondaryButtonClass } from '../shared/console-styles.ts';
import { useStaffSession } from '../staff-session-context.ts';
import { saveSettings } from './settings-api.ts';
import { fieldIdOfKey, type SettingsDocument } from './settings-document.ts';
import { StrandedBookings } from './stranded-bookings.tsx';

interface SettingsSaveBarProps {
  version: number;
  draft: SettingsDocument;
  /** Problems the page finds itself (a colour below 4.5:1): nothing is sent while there are any. */
  blockers: Record<string, string>;
  /** Every problem shown, listed above the button with a link to its field. */
  problems: Record<string, string>;
  onProblems: (problems: Record<string, string>) => void;
  onSaved: (version: number) => void;
}

const isCode = (error: unknown, code: string): error is ApiError => error instanceof ApiError && error.code === code;

/**
 * Save: the whole draft with the version it was loaded at (ADR 0079). A 422 marks each field by its path, a
 * version conflict offers a reload, and bookings the change would strand are listed to confirm or keep editing.
 */
export function SettingsSaveBar({ version, draft, blockers, problems, onProblems, onSaved }: SettingsSaveBarProps) {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const [stranded, setStranded] = useState<StrandedBooking[] | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['settings', session.practice.id] });
  const save = useMutation({
    mutationFn: (confirmStranded: boolean) =>
      saveSettings(session.csrf_token, { version, practice: draft, confirmStranded }),
    onMutate: () => setStranded(null),
    onSuccess: (saved) => {
      // A save that changed nothing keeps the same version, and so the same editor: its old problems go.
      onProblems({});
      onSaved(saved.version);
      void queryClient.invalidateQueries({ queryKey: ['settings-history', session.practice.id] });
      void reload();
    },
    onError: (error) => {
      if (isCode(error, 'STRANDS_BOOKINGS')) setStranded(error.stranded);
      onProblems(error instanceof ApiError && error.fields ? error.fields : {});
    },
  });
  const submit = () => {
    if (Object.keys(blockers).length > 0) onProblems({});
    else save.mutate(false);
  };
  const problemKeys = Object.keys(problems);

  return (
    <section aria-label="Save" className="flex flex-col gap-3 rounded-md border border-slate-300 bg-white p-4">
      {problemKeys.length > 0 && (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          <p className="font-semibold">Fix these before saving:</p>
          <ul className="list-disc pl-5">
            {problemKeys.map((key) => (
              <li key={key}>
                <a href={`#${fieldIdOfKey(key)}`} className="underline">
                  {key}
                </a>
                : {problems[key]}
              </li>
            ))}
          </ul>
        </div>
      )}
      {isCode(save.error, 'VERSION_CONFLICT') && (
        <div role="alert" className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3">
          <p>
            Someone else saved the settings since you opened them. Reload them to see their change, then make yours
            again (what you typed here is not kept).
          </p>
          <button type="button" className={`${secondaryButtonClass} self-start`} onClick={() => void reload()}>
            Reload the settings
          </button>
        </div>
      )}
      {stranded && (
        <StrandedBookings
          bookings={stranded}
          isPending={save.isPending}
          onConfirm={() => save.mutate(true)}
          onCancel={() => setStranded(null)}
        />
      )}
      {save.error && !isCode(save.error, 'VERSION_CONFLICT') && !isCode(save.error, 'STRANDS_BOOKINGS') && (
        <ErrorNote>{save.error.message}</ErrorNote>
      )}
      <button type="button" className={`${primaryButtonClass} self-start`} disabled={save.isPending} onClick={submit}>
        {save.isPending ? 'Saving…' : 'Save the settings'}
      </button>
    </section>
  );
}
