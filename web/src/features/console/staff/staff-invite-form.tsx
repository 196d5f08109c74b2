import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  InviteMemberBodySchema,
  type InviteMemberBody,
  type StaffMember,
} from '#domain/staff/staff-accounts-schemas.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ErrorNote, StatusNote } from '../shared/console-notes.tsx';
import { inputClass, primaryButtonClass } from '../shared/console-styles.ts';
import { inviteMember } from './staff-api.ts';
import { ROLE_RIGHTS } from './staff-labels.ts';
import { useStaffSession } from '../staff-session-context.ts';

type Field = 'email' | 'name' | 'role';

/** Invite someone by e-mail with a role; the server sends the link to set a password (valid 24 hours). */
export function StaffInviteForm({ onInvited }: { onInvited: (member: StaffMember) => void }) {
  const session = useStaffSession();
  const ids = { email: useId(), name: useId(), role: useId() };
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const invite = useMutation({
    mutationFn: (body: InviteMemberBody) => inviteMember(session.csrf_token, body),
    onSuccess: onInvited,
    onError: (error) => setProblems(error instanceof ApiError && error.fields ? error.fields : {}),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '').trim();
    // The server's own schema: the same trimming, lower-casing and checks, before anything is sent.
    const parsed = InviteMemberBodySchema.safeParse({
      email: data.get('email'),
      role: data.get('role'),
      ...(name ? { name } : {}),
    });
    if (!parsed.success) {
      invite.reset();
      setProblems(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [
            String(issue.path[0]),
            issue.path[0] === 'email' ? 'Type an e-mail address.' : issue.message,
          ]),
        ),
      );
      return;
    }
    setProblems({});
    invite.mutate(parsed.data, { onSuccess: () => form.reset() });
  };

  const fieldProps = (field: Field) => ({
    id: ids[field],
    name: field,
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': problems[field] ? `${ids[field]}-problem` : undefined,
  });
  const problemOf = (field: Field) =>
    problems[field] && (
      <p id={`${ids[field]}-problem`} className="mt-1 text-red-800">
        {problems[field]}
      </p>
    );

  return (
    <section
      aria-labelledby="invite-heading"
      className="flex flex-col gap-3 rounded-md border border-slate-300 bg-white p-4"
    >
      <h2 id="invite-heading" className="text-lg font-semibold">
        Invite someone
      </h2>
      <form
        onSubmit={submit}
        noValidate
        className="grid gap-3 sm:grid-cols-2 sm:items-start lg:grid-cols-[2fr_2fr_1fr_auto]"
      >
        <div>
          <label htmlFor={ids.email} className="font-medium">
            E-mail
          </label>
          <input type="email" autoComplete="off" required className={inputClass} {...fieldProps('email')} />
          {problemOf('email')}
        </div>
        <div>
          <label htmlFor={ids.name} className="font-medium">
            Name (optional)
          </label>
          <input type="text" autoComplete="off" maxLength={120} className={inputClass} {...fieldProps('name')} />
          {problemOf('name')}
        </div>
        <div>
          <label htmlFor={ids.role} className="font-medium">
            Role
          </label>
          <select defaultValue="front_desk" className={inputClass} {...fieldProps('role')}>
            <option value="front_desk">Front desk</option>
            <option value="owner">Owner</option>
          </select>
          {problemOf('role')}
        </div>
        <button
          type="submit"
          disabled={invite.isPending}
          className={`${primaryButtonClass} self-end sm:justify-self-start lg:mt-6 lg:self-start`}
        >
          {invite.isPending ? 'Sending…' : 'Send the invitation'}
        </button>
      </form>
      <p className="text-sm text-slate-700">
        {ROLE_RIGHTS.front_desk} {ROLE_RIGHTS.owner}
      </p>
      {invite.error && <ErrorNote>{invite.error.message}</ErrorNote>}
      {invite.isSuccess && (
        <StatusNote>
          Invitation sent to {invite.data.email}. The link to set a password goes out by e-mail and works for 24 hours.
        </StatusNote>
      )}
    </section>
  );
}
