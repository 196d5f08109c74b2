import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { PracticeSecurity } from '#domain/staff/staff-accounts-schemas.ts';
import { MAX_IDLE_MINUTES, MIN_IDLE_MINUTES, SESSION_MAX_HOURS } from '#domain/staff/staff-roles.ts';
import { PracticeSecurityBodySchema } from '#domain/staff/staff-session-schemas.ts';
import { ErrorNote, StatusNote } from '../shared/console-notes.tsx';
import { inputClass, primaryButtonClass } from '../shared/console-styles.ts';
import { practiceSecurityQuery, savePracticeSecurity } from './security-api.ts';
import { SESSION_KEY } from '../session-api.ts';
import { SecondFactorImpact } from './second-factor-impact.tsx';
import { useStaffSession } from '../staff-session-context.ts';

/** `/console/security` (owners): how long an idle session lives, and whether everyone needs a second factor. */
export function SecurityPage() {
  const session = useStaffSession();
  const security = useQuery(practiceSecurityQuery(session.practice.id));
  return (
    <main className="flex max-w-3xl flex-col gap-4 px-4 py-3">
      <h1 className="text-xl font-semibold">Security</h1>
      {security.isPending && <p role="status">Loading the security settings…</p>}
      {security.isError && <ErrorNote>{security.error.message}</ErrorNote>}
      {security.data && <SecurityForm saved={security.data} />}
    </main>
  );
}

const IDLE_PROBLEM = `Type whole minutes from ${MIN_IDLE_MINUTES} to ${MAX_IDLE_MINUTES} (${MAX_IDLE_MINUTES / 60} hours).`;

function SecurityForm({ saved }: { saved: PracticeSecurity }) {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const ids = { idle: useId(), hint: useId(), problem: useId(), totp: useId(), impact: useId() };
  const [requireTotp, setRequireTotp] = useState(saved.require_totp);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: PracticeSecurity) => savePracticeSecurity(session.csrf_token, body),
    onSuccess: (next) => {
      queryClient.setQueryData(practiceSecurityQuery(session.practice.id).queryKey, next);
      // The session carries the idle limit and whether this account must now set up its own second factor.
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = String(new FormData(event.currentTarget).get('idle_minutes') ?? '').trim();
    const parsed = PracticeSecurityBodySchema.safeParse({
      idle_minutes: typed === '' ? NaN : Number(typed),
      require_totp: requireTotp,
    });
    if (!parsed.success) return setProblem(IDLE_PROBLEM);
    setProblem(null);
    save.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4 rounded-md border border-slate-300 bg-white p-4">
      <div>
        <label htmlFor={ids.idle} className="font-medium">
          Sign out after this many idle minutes
        </label>
        <input
          id={ids.idle}
          name="idle_minutes"
          type="number"
          inputMode="numeric"
          min={MIN_IDLE_MINUTES}
          max={MAX_IDLE_MINUTES}
          step={1}
          required
          defaultValue={saved.idle_minutes}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${ids.problem} ${ids.hint}` : ids.hint}
          className={`${inputClass} max-w-40`}
        />
        {problem && (
          <p id={ids.problem} className="mt-1 text-red-800">
            {problem}
          </p>
        )}
        <p id={ids.hint} className="mt-1 text-sm text-slate-700">
          From {MIN_IDLE_MINUTES} minutes to {MAX_IDLE_MINUTES / 60} hours ({MAX_IDLE_MINUTES} minutes). However active,
          a session ends {SESSION_MAX_HOURS} hours after sign-in.
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <label htmlFor={ids.totp} className="flex min-h-11 items-center gap-3 font-medium">
          <input
            id={ids.totp}
            type="checkbox"
            checked={requireTotp}
            onChange={(event) => setRequireTotp(event.target.checked)}
            aria-describedby={ids.impact}
            className="size-5"
          />
          Require a second factor: a code from an authenticator app at every sign-in
        </label>
        <SecondFactorImpact id={ids.impact} isRequired={requireTotp} wasRequired={saved.require_totp} />
      </div>
      {save.error && <ErrorNote>{save.error.message}</ErrorNote>}
      {save.isSuccess && <StatusNote>Saved. The rules hold at once for every open session of the practice.</StatusNote>}
      <button type="submit" disabled={save.isPending} className={`${primaryButtonClass} self-start`}>
        {save.isPending ? 'Saving…' : 'Save'}
      </button>
    </form>
  );
}
