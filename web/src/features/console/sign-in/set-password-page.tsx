import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { SetPasswordBodySchema, type SetPasswordBody } from '#domain/staff/staff-accounts-schemas.ts';
import { PASSWORD_MIN_LENGTH } from '#domain/staff/staff-roles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ConsoleFrame } from '../shared/console-frame.tsx';
import { ErrorNote } from '../shared/console-notes.tsx';
import { ConsoleForm, FormField, SubmitButtons, useConsoleForm, type FieldProblems } from '../shared/console-form.tsx';
import { inputClass, linkClass } from '../shared/console-styles.ts';
import { getPasswordLink, setPassword } from './password-api.ts';
import { AppLink } from '../../../components/ui/app-link.tsx';

const LINK_GONE = 'This link has expired or was used.';

interface SetPasswordValues {
  password: string;
  confirm: string;
}

/** The length and the match: the rest (a common password) is the server's. */
function passwordProblems({ password, confirm }: SetPasswordValues): FieldProblems {
  if (password.length < PASSWORD_MIN_LENGTH) return { password: `Use at least ${PASSWORD_MIN_LENGTH} characters.` };
  if (password !== confirm) return { confirm: 'The two passwords are not the same.' };
  return {};
}

/**
 * `/console/set-password/:token`, the one-time link of an invitation or a reset. The length and
 * the match are checked here; whether the password is common is the server's (a 422 with why).
 */
export function SetPasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const form = useConsoleForm<SetPasswordValues, SetPasswordBody>({
    schema: SetPasswordBodySchema,
    toBody: ({ password }) => ({ password }),
    check: passwordProblems,
    defaultValues: { password: '', confirm: '' },
  });
  const link = useQuery({
    queryKey: ['password-link', token],
    queryFn: () => getPasswordLink(token),
    retry: false,
    staleTime: Infinity,
  });
  const save = useMutation({
    mutationFn: (body: SetPasswordBody) => setPassword(token, body.password),
    onSuccess: () => navigate('/console', { replace: true, state: { passwordSet: true } }),
    onError: (error) => form.showServerProblems(error),
  });

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
        <AppLink to="/console/forgot-password" className={linkClass}>
          Ask for a new link
        </AppLink>
      </ConsoleFrame>
    );
  }
  return (
    <ConsoleFrame title={link.data.purpose === 'reset' ? 'Choose a new password' : 'Set your password'}>
      <p className="text-slate-700">
        For {link.data.email}. At least {PASSWORD_MIN_LENGTH} characters; a few unrelated words make a good one.
      </p>
      <ConsoleForm form={form} onSubmit={(body) => save.mutate(body)}>
        <FormField name="password" label="New password">
          <input
            {...form.field('password')}
            type="password"
            autoComplete="new-password"
            minLength={PASSWORD_MIN_LENGTH}
            className={inputClass}
          />
        </FormField>
        <FormField name="confirm" label="Type it again">
          <input {...form.field('confirm')} type="password" autoComplete="new-password" className={inputClass} />
        </FormField>
        <SubmitButtons
          labels={{ submit: 'Save the password', pending: 'Saving…' }}
          isPending={save.isPending}
          error={save.error}
        />
      </ConsoleForm>
    </ConsoleFrame>
  );
}
