import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { SIGN_IN_ERRORS, type StaffSession } from '#domain/staff/staff-session-schemas.ts';
import { ConsoleFrame } from '../shared/console-frame.tsx';
import { ErrorNote, StatusNote } from '../shared/console-notes.tsx';
import { SIGN_IN_META } from '../console-query-client.ts';
import { StaffApiError } from '../console-request.ts';
import { inputClass, linkClass, primaryButtonClass } from '../shared/console-styles.ts';
import { signIn } from '../session-api.ts';

interface SignInPageProps {
  notice: string | null;
  onSignedIn: (session: StaffSession) => void;
}

/**
 * `/console` signed out. Shows the server's words for a refusal and nothing more (whether the
 * account exists is not for the page to tell); the code field appears once the server asks for
 * the second factor; a 429 keeps the button off for the Retry-After it names.
 */
export function SignInPage({ notice, onSignedIn }: SignInPageProps) {
  const location = useLocation();
  const passwordSet = (location.state as { passwordSet?: boolean } | null)?.passwordSet === true;
  const [needsCode, setNeedsCode] = useState(false);
  const [waitUntil, setWaitUntil] = useState<number | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const attempt = useMutation({
    mutationFn: signIn,
    meta: SIGN_IN_META,
    onSuccess: onSignedIn,
    onError: (error) => {
      if (error instanceof StaffApiError && error.code === SIGN_IN_ERRORS.codeRequired) setNeedsCode(true);
      if (error instanceof StaffApiError && error.retryAfterSeconds)
        setWaitUntil(Date.now() + error.retryAfterSeconds * 1000);
    },
  });
  useEffect(() => {
    if (needsCode) codeRef.current?.focus();
  }, [needsCode]);
  useEffect(() => {
    if (waitUntil === null) return;
    const timer = setTimeout(() => setWaitUntil(null), Math.max(0, waitUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [waitUntil]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const code = String(form.get('code') ?? '').trim();
    attempt.mutate({
      email: String(form.get('email') ?? ''),
      password: String(form.get('password') ?? ''),
      code: code || undefined,
    });
  };

  return (
    <ConsoleFrame title="Sign in">
      {passwordSet && !attempt.isError && <StatusNote>Your password is set. Sign in with it.</StatusNote>}
      {notice && !attempt.isError && <StatusNote>{notice}</StatusNote>}
      {attempt.error && <ErrorNote>{attempt.error.message}</ErrorNote>}
      <form onSubmit={submit} className="flex flex-col gap-4">
        <label className="font-medium">
          E-mail
          <input name="email" type="email" autoComplete="username" required className={inputClass} />
        </label>
        <label className="font-medium">
          Password
          <input name="password" type="password" autoComplete="current-password" required className={inputClass} />
        </label>
        {needsCode && (
          <label className="font-medium">
            Code from your authenticator app, or a recovery code
            <input
              ref={codeRef}
              name="code"
              autoComplete="one-time-code"
              inputMode="text"
              required
              className={inputClass}
            />
          </label>
        )}
        <button type="submit" disabled={attempt.isPending || waitUntil !== null} className={primaryButtonClass}>
          {attempt.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <Link to="/console/forgot-password" className={linkClass}>
        Forgot password?
      </Link>
    </ConsoleFrame>
  );
}
