import { useMutation } from '@tanstack/react-query';
import {
  InviteMemberBodySchema,
  type InviteMemberBody,
  type StaffMember,
} from '#domain/staff/staff-accounts-schemas.ts';
import { ConsoleForm, FormError, FormField, SubmitButtons, useConsoleForm } from '../shared/console-form.tsx';
import { StatusNote } from '../shared/console-notes.tsx';
import { inputClass } from '../shared/console-styles.ts';
import { inviteMember } from './staff-api.ts';
import { ROLE_RIGHTS } from './staff-labels.ts';
import { useStaffSession } from '../staff-session-context.ts';

interface InviteValues {
  email: string;
  name: string;
  role: string;
}

/** Invite someone by e-mail with a role; the server sends the link to set a password (valid 24 hours). */
export function StaffInviteForm({ onInvited }: { onInvited: (member: StaffMember) => void }) {
  const session = useStaffSession();
  // The server's own schema: the same trimming, lower-casing and checks, before anything is sent.
  const form = useConsoleForm<InviteValues, InviteMemberBody>({
    schema: InviteMemberBodySchema,
    toBody: ({ name, ...values }) => ({ ...values, ...(name.trim() ? { name: name.trim() } : {}) }),
    defaultValues: { email: '', name: '', role: 'front_desk' },
  });
  const invite = useMutation({
    mutationFn: (body: InviteMemberBody) => inviteMember(session.csrf_token, body),
    onSuccess: (member) => {
      form.methods.reset();
      onInvited(member);
    },
    onError: (error) => form.showServerProblems(error),
  });

  return (
    <section
      aria-labelledby="invite-heading"
      className="flex flex-col gap-3 rounded-md border border-slate-300 bg-white p-4"
    >
      <h2 id="invite-heading" className="text-lg font-semibold">
        Invite someone
      </h2>
      <ConsoleForm
        form={form}
        onSubmit={(body) => invite.mutate(body)}
        className="grid gap-3 sm:grid-cols-2 sm:items-start lg:grid-cols-[2fr_2fr_1fr_auto]"
      >
        <FormField name="email" label="E-mail">
          <input {...form.field('email')} type="email" autoComplete="off" className={inputClass} />
        </FormField>
        <FormField name="name" label="Name (optional)">
          <input {...form.field('name')} type="text" autoComplete="off" maxLength={120} className={inputClass} />
        </FormField>
        <FormField name="role" label="Role">
          <select {...form.field('role')} className={inputClass}>
            <option value="front_desk">Front desk</option>
            <option value="owner">Owner</option>
          </select>
        </FormField>
        <SubmitButtons
          labels={{ submit: 'Send the invitation', pending: 'Sending…' }}
          isPending={invite.isPending}
          className="flex self-end sm:justify-self-start lg:mt-6 lg:self-start"
        />
        <div className="sm:col-span-2 lg:col-span-4">
          <FormError error={invite.error} />
        </div>
      </ConsoleForm>
      <p className="text-sm text-slate-700">
        {ROLE_RIGHTS.front_desk} {ROLE_RIGHTS.owner}
      </p>
      {invite.isSuccess && (
        <StatusNote>
          Invitation sent to {invite.data.email}. The link to set a password goes out by e-mail and works for 24 hours.
        </StatusNote>
      )}
    </section>
  );
}
