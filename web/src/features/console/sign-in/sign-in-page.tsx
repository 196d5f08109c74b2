import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import {
  SIGN_IN_ERRORS,
  SignInBodySchema,
  type SignInBody,
  type StaffSession,
} from '#domain/staff/staff-session-schemas.ts';
import { ConsoleFrame } from '../shared/console-frame.tsx';
import { ConsoleForm, FormField, SubmitButtons, useConsoleForm } from '../shared/console-form.tsx';
import { StatusNote } from '../shared/console-notes.tsx';
import { SIGN_IN_META } from '../console-query-client.ts';
import { StaffApiError } from '../console-request.ts';
import { inputClass, linkClass } from '../shared/console-styles.ts';
import { signIn } from '../session-api.ts';
import { AppLink } from '../../../components/ui/app-link.tsx';

interface SignInValues {
  email: string;
  password: string;
  code: string;
}

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
  const form = useConsoleForm<SignInValues, SignInBody>({
    schema: SignInBodySchema,
    toBody: ({ code, ...values }) => ({ ...values, ...(code.trim() ? { code } : {}) }),
    defaultValues: { email: '', password: '', code: '' },
    messages: { email: 'Type the e-mail you sign in with.', password: 'Type your password.' },
  });
  const attempt = useMutation({
    mutationFn: signIn,
    meta: SIGN_IN_META,
    onSuccess: onSignedIn,
    onError: (error) => {
      if (error instanceof StaffApiError && error.code === SIGN_IN_ERRORS.codeRequired) setNeedsCode(true);
      if (error instanceof StaffApiError && error.retryAfterSeconds)
        setWaitUntil(Date.now() + error.retryAfterSeconds * 1000);
      form.showServerProblems(error);
    },
  });
  useEffect(() => {
    if (needsCode) form.methods.setFocus('code');
  }, [needsCode, form.methods]);
  useEffect(() => {
    if (waitUntil === null) return;
    const timer = setTimeout(() => setWaitUntil(null), Math.max(0, waitUntil - Date.now()));
    return () => clearTimeout(timer);
  }, [waitUntil]);

  return (
    <ConsoleFrame title="Sign in">
      {passwordSet && !attempt.isError && <StatusNote>Your password is set. Sign in with it.</StatusNote>}
      {notice && !attempt.isError && <StatusNote>{notice}</StatusNote>}
      <ConsoleForm form={form} onSubmit={(body) => attempt.mutate(body)}>
        <FormField name="email" label="E-mail">
          <input {...form.field('email')} type="email" autoComplete="username" className={inputClass} />
        </FormField>
        <FormField name="password" label="Password">
          <input {...form.field('password')} type="password" autoComplete="current-password" className={inputClass} />
        </FormField>
        {needsCode && (
          <FormField name="code" label="Code from your authenticator app, or a recovery code">
            <input {...form.field('code')} autoComplete="one-time-code" inputMode="text" className={inputClass} />
          </FormField>
        )}
        <SubmitButtons
          labels={{ submit: 'Sign in', pending: 'Signing in…' }}
          isPending={attempt.isPending}
          isDisabled={waitUntil !== null}
          error={attempt.error}
        />
      </ConsoleForm>
      <AppLink to="/console/forgot-password" className={linkClass}>
        Forgot password?
      </AppLink>
    </ConsoleFrame>
  );
}
