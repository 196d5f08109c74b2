import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { ConsoleFrame } from '../shared/console-frame.tsx';
import { ErrorNote, StatusNote } from '../shared/console-notes.tsx';
import { inputClass, linkClass, primaryButtonClass } from '../shared/console-styles.ts';
import { requestPasswordReset } from './password-api.ts';

/** `/console/forgot-password`: asks for a one-time link by e-mail and shows the server's answer, the same for any address. */
export function ForgotPasswordPage() {
  const reset = useMutation({ mutationFn: requestPasswordReset });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reset.mutate(String(new FormData(event.currentTarget).get('email') ?? ''));
  };

  return (
    <ConsoleFrame title="Forgot your password?">
      {reset.isSuccess ? (
        <StatusNote>{reset.data}</StatusNote>
      ) : (
        <>
          <p className="text-slate-700">Type the e-mail you sign in with. We send a link to choose a new password.</p>
          {reset.error && <ErrorNote>{reset.error.message}</ErrorNote>}
          <form onSubmit={submit} className="flex flex-col gap-4">
            <label className="font-medium">
              E-mail
              <input name="email" type="email" autoComplete="username" required className={inputClass} />
            </label>
            <button type="submit" disabled={reset.isPending} className={primaryButtonClass}>
              {reset.isPending ? 'Sending…' : 'Send the link'}
            </button>
          </form>
        </>
      )}
      <Link to="/console" className={linkClass}>
        Back to sign-in
      </Link>
    </ConsoleFrame>
  );
}
