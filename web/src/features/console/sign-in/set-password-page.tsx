import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { PASSWORD_MIN_LENGTH } from '#domain/staff/staff-roles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ConsoleFrame } from '../shared/console-frame.tsx';
import { ErrorNote } from '../shared/console-notes.tsx';
import { inputClass, linkClass, primaryButtonClass } from '../shared/console-styles.ts';
import { getPasswordLink, setPassword } from './password-api.ts';

const LINK_GONE = 'This link has expired or was used.';

/**
 * `/console/set-password/:token`, the one-time link of an invitation or a reset. The length and
 * the match are checked here; whether the password is common is the server's (a 422 with why).
 */
export function SetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  const link = useQuery({
    queryKey: ['password-link', token],
    queryFn: () => getPasswordLink(token),
    retry: false,
    staleTime: Infinity,
  });
  const save = useMutation({
    mutationFn: (password: string) => setPassword(token, password),
    onSuccess: () => navigate('/console', { replace: true, state: { passwordSet: true } }),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password') ?? '');
    if (password.length < PASSWORD_MIN_LENGTH) return setProblem(`Use at least ${PASSWORD_MIN_LENGTH} characters.`);
    if (password !== form.get('confirm')) return setProblem('The two passwords are not the same.');
    setProblem(null);
    save.mutate(password);
  };

  if (link.isPending)
    return (
      <ConsoleFrame title="Set your password">
        <p role="status">Checking the link…</p>
      </ConsoleFrame>
    );
  if (link.isError) {
    const gone = link.error instanceof ApiError && link.error.status === 404;
    return (
      <ConsoleFrame title="Set your password">
        <ErrorNote>{gone ? LINK_GONE : link.error.message}</ErrorNote>
        <Link to="/console/forgot-password" className={linkClass}>
          Ask for a new link
        </Link>
      </ConsoleFrame>
    );
  }
  const error = problem ?? save.error?.message;
  return (
    <ConsoleFrame title={link.data.purpose === 'reset' ? 'Choose a new password' : 'Set your password'}>
      <p className="text-slate-700">
        For {link.data.email}. At least {PASSWORD_MIN_LENGTH} characters; a few unrelated words make a good one.
      </p>
      {error && <ErrorNote>{error}</ErrorNote>}
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <label className="font-medium">
          New password
          <input
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            className={inputClass}
          />
        </label>
        <label className="font-medium">
          Type it again
          <input name="confirm" type="password" autoComplete="new-password" required className={inputClass} />
        </label>
        <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
          {save.isPending ? 'Saving…' : 'Save the password'}
        </button>
      </form>
    </ConsoleFrame>
  );
}
