import { useMutation } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { EnableTotpBodySchema, type EnableTotpBody } from '#domain/staff/staff-accounts-schemas.ts';
import type { StaffSession } from '#domain/staff/staff-session-schemas.ts';
import { ConsoleForm, FormField, SubmitButtons, useConsoleForm } from '../shared/console-form.tsx';
import { ConsoleFrame } from '../shared/console-frame.tsx';
import { ErrorNote } from '../shared/console-notes.tsx';
import { inputClass, linkClass, primaryButtonClass } from '../shared/console-styles.ts';
import { getSession } from '../session-api.ts';
import { useStaffSession } from '../staff-session-context.ts';
import { enableTotp, startTotpSetup } from './totp-api.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { SignOutButtons } from '../sign-out-buttons.tsx';
import { lazyPage } from '../lazy-page.ts';

// The QR encoder is fetched only when a set-up starts, outside the console's script budget (ADR 0045, 0067).
const QrCodeImage = lazyPage(() => import('./qr-code-image.tsx'), 'QrCodeImage');

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to type into an app by hand. */
export const groupInFours = (secret: string) => secret.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');

/**
 * The practice requires a second factor this account lacks: until it is set up, the session can do
 * nothing else. A new secret is made only on request (a reload must not replace one already typed
 * into the app), then the app's first code turns it on and the recovery codes are shown once.
 */
export function TotpSetupPage({ onDone }: { onDone: (session: StaffSession) => void }) {
  const session = useStaffSession();
  const [codes, setCodes] = useState<string[] | null>(null);
  const setup = useMutation({ mutationFn: () => startTotpSetup(session.csrf_token) });
  const form = useConsoleForm<EnableTotpBody, EnableTotpBody>({
    schema: EnableTotpBodySchema,
    defaultValues: { code: '' },
  });
  const enable = useMutation({
    mutationFn: (body: EnableTotpBody) => enableTotp(session.csrf_token, body.code),
    onSuccess: setCodes,
    onError: (error) => form.showServerProblems(error),
  });
  const finish = useMutation({ mutationFn: getSession, onSuccess: (next) => next && onDone(next) });

  if (codes) return <RecoveryCodes codes={codes} onContinue={() => finish.mutate()} error={finish.error?.message} />;
  return (
    <ConsoleFrame title="Set up two-step sign-in">
      <p className="text-slate-700">
        {session.practice.name} asks everyone to sign in with a code from an authenticator app as well as the password.
      </p>
      {setup.error && <ErrorNote>{setup.error.message}</ErrorNote>}
      {!setup.data ? (
        <button type="button" onClick={() => setup.mutate()} disabled={setup.isPending} className={primaryButtonClass}>
          Start the set-up
        </button>
      ) : (
        <>
          <Suspense fallback={<p role="status">Drawing the QR code…</p>}>
            <QrCodeImage text={setup.data.otpauth_uri} />
          </Suspense>
          <p>
            Scan the code with your authenticator app, or add an account in it with this key, or{' '}
            <a href={setup.data.otpauth_uri} className={linkClass}>
              open it in the app on this device
            </a>
            :
          </p>
          <p className="rounded-md bg-slate-100 p-3 text-center font-mono text-lg tracking-wider">
            {groupInFours(setup.data.secret)}
          </p>
          <ConsoleForm form={form} onSubmit={(body) => enable.mutate(body)}>
            <FormField name="code" label="The 6-digit code the app shows">
              <input {...form.field('code')} autoComplete="one-time-code" inputMode="numeric" className={inputClass} />
            </FormField>
            <SubmitButtons
              labels={{ submit: 'Turn on two-step sign-in' }}
              isPending={enable.isPending}
              error={enable.error}
            />
          </ConsoleForm>
        </>
      )}
      <SignOutButtons />
    </ConsoleFrame>
  );
}
