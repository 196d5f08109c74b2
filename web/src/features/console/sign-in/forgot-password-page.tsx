import { useMutation } from '@tanstack/react-query';
import { ConsoleFrame } from '../shared/console-frame.tsx';
import { PasswordResetBodySchema, type PasswordResetBody } from '#domain/staff/staff-accounts-schemas.ts';
import { ConsoleForm, FormField, SubmitButtons, useConsoleForm } from '../shared/console-form.tsx';
import { StatusNote } from '../shared/console-notes.tsx';
import { inputClass, linkClass } from '../shared/console-styles.ts';
import { requestPasswordReset } from './password-api.ts';
import { AppLink } from '../../../components/ui/app-link.tsx';

/**
 * `/console/forgot-password`: asks for a one-time link by e-mail and shows the server's answer,
 * the same for any address.
 */
export function ForgotPasswordPage() {
  const form = useConsoleForm<PasswordResetBody, PasswordResetBody>({
    schema: PasswordResetBodySchema,
    defaultValues: { email: '' },
    messages: { email: 'Type the e-mail you sign in with.' },
  });
  const reset = useMutation({
    mutationFn: (body: PasswordResetBody) => requestPasswordReset(body.email),
    onError: (error) => form.showServerProblems(error),
  });

  return (
    <ConsoleFrame title="Forgot your password?">
      {reset.isSuccess ? (
        <StatusNote>{reset.data}</StatusNote>
      ) : (
        <>
          <p className="text-slate-700">Type the e-mail you sign in with. We send a link to choose a new password.</p>
          <ConsoleForm form={form} onSubmit={(body) => reset.mutate(body)}>
            <FormField name="email" label="E-mail">
              <input {...form.field('email')} type="email" autoComplete="username" className={inputClass} />
            </FormField>
            <SubmitButtons
              labels={{ submit: 'Send the link', pending: 'Sending…' }}
              isPending={reset.isPending}
              error={reset.error}
            />
          </ConsoleForm>
        </>
      )}
      <AppLink to="/console" className={linkClass}>
        Back to sign-in
      </AppLink>
    </ConsoleFrame>
  );
}
