import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import type { PracticeSecurity } from '#domain/staff/staff-accounts-schemas.ts';
import { MAX_IDLE_MINUTES, MIN_IDLE_MINUTES, SESSION_MAX_HOURS } from '#domain/staff/staff-roles.ts';
import { PracticeSecurityBodySchema } from '#domain/staff/staff-session-schemas.ts';
import { ErrorNote, StatusNote } from '../shared/console-notes.tsx';
import { inputClass } from '../shared/console-styles.ts';
import { ConsoleForm, FieldProblem, SubmitButtons, useConsoleForm } from '../shared/console-form.tsx';
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

const IDLE_PROBLEM =
  `Type whole minutes from ${MIN_IDLE_MINUTES} to ${MAX_IDLE_MINUTES} ` + `(${MAX_IDLE_MINUTES / 60} hours).`;

interface SecurityValues {
  idle_minutes: string;
  require_totp: boolean;
}

function SecurityForm({ saved }: { saved: PracticeSecurity }) {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const ids = { hint: useId(), impact: useId() };
  const form = useConsoleForm<SecurityValues, PracticeSecurity>({
    schema: PracticeSecurityBodySchema,
    toBody: ({ idle_minutes, require_totp }) => ({
      idle_minutes: idle_minutes.trim() === '' ? NaN : Number(idle_minutes),
      require_totp,
    }),
    defaultValues: { idle_minutes: String(saved.idle_minutes), require_totp: saved.require_totp },
    messages: { idle_minutes: IDLE_PROBLEM },
  });
  const requireTotp = form.methods.watch('require_totp');
  const save = useMutation({
    mutationFn: (body: PracticeSecurity) => savePracticeSecurity(session.csrf_token, body),
    onSuccess: (next) => {
      queryClient.setQueryData(practiceSecurityQuery(session.practice.id).queryKey, next);
      // The session carries the idle limit and whether this account must now set up its own second factor.
      void queryClient.invalidateQueries({ queryKey: SESSION_KEY });
    },
    onError: (error) => form.showServerProblems(error),
  });

  return (
    <ConsoleForm
      form={form}
      onSubmit={(body) => save.mutate(body)}
      className="flex flex-col gap-4 rounded-md border border-slate-300 bg-white p-4"
    >
      <div>
        <label className="font-medium">
          Sign out after this many idle minutes
          <input
            {...form.field('idle_minutes', ids.hint)}
            type="number"
            inputMode="numeric"
            min={MIN_IDLE_MINUTES}
            max={MAX_IDLE_MINUTES}
            step={1}
            className={`${inputClass} max-w-40`}
          />
        </label>
        <FieldProblem name="idle_minutes" />
        <p id={ids.hint} className="mt-1 text-sm text-slate-700">
          From {MIN_IDLE_MINUTES} minutes to {MAX_IDLE_MINUTES / 60} hours ({MAX_IDLE_MINUTES} minutes). However active,
          a session ends {SESSION_MAX_HOURS} hours after sign-in.
        </p>
      </div>
      <div className="flex flex-col gap-2">
        <label className="flex min-h-11 items-center gap-3 font-medium">
          <input
            type="checkbox"
            {...form.methods.register('require_totp')}
            aria-describedby={ids.impact}
            className="size-5"
          />
          Require a second factor: a code from an authenticator app at every sign-in
        </label>
        <SecondFactorImpact id={ids.impact} isRequired={requireTotp} wasRequired={saved.require_totp} />
      </div>
      {save.isSuccess && <StatusNote>Saved. The rules hold at once for every open session of the practice.</StatusNote>}
      <SubmitButtons labels={{ submit: 'Save', pending: 'Saving…' }} isPending={save.isPending} error={save.error} />
    </ConsoleForm>
  );
}
