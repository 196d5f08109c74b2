import { useMutation } from '@tanstack/react-query';
import type { StaffMember } from '#domain/staff/staff-accounts-schemas.ts';
import { ConsoleDialog } from '../shared/console-dialog.tsx';
import { ConsoleForm, NO_FIELDS, SubmitButtons, useConsoleForm } from '../shared/console-form.tsx';
import { applyMemberChange, type MemberChange } from './staff-changes.ts';
import { memberName, ROLE_RIGHTS } from './staff-labels.ts';
import { useStaffSession } from '../staff-session-context.ts';

interface StaffChangeDialogProps {
  member: StaffMember;
  change: Exclude<MemberChange, { kind: 'reactivate' }>;
  onClose: () => void;
  onDone: (next: StaffMember) => void;
}

/**
 * Asks before a change that ends someone's sessions. A refusal of the server (the last active
 * owner) stays in the dialog as its own words, so the owner sees why nothing changed.
 */
export function StaffChangeDialog({ member, change, onClose, onDone }: StaffChangeDialogProps) {
  const session = useStaffSession();
  const form = useConsoleForm({ schema: NO_FIELDS });
  const apply = useMutation({
    mutationFn: () => applyMemberChange(session.csrf_token, member, change),
    onSuccess: onDone,
  });
  const name = memberName(member);
  const isSelf = member.id === session.account.id;
  const { title, lines, confirm } = wording(change, name);

  return (
    <ConsoleDialog shape="centred" title={title} onClose={onClose}>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      {isSelf && <p className="font-semibold">This is your own account: you will be signed out at once.</p>}
      <ConsoleForm form={form} onSubmit={() => apply.mutate()}>
        <SubmitButtons
          labels={{ submit: confirm, pending: 'Saving…', close: 'Leave as it is' }}
          isDanger={change.kind !== 'role'}
          isPending={apply.isPending}
          onClose={onClose}
          error={apply.error}
        />
      </ConsoleForm>
    </ConsoleDialog>
  );
}

function wording(
  change: StaffChangeDialogProps['change'],
  name: string,
): { title: string; lines: string[]; confirm: string } {
  switch (change.kind) {
    case 'role':
      return {
        title: change.to === 'owner' ? `Make ${name} an owner?` : `Make ${name} front desk?`,
        lines: [ROLE_RIGHTS[change.to], 'Their open sessions end now; they sign in again with the new role.'],
        confirm: 'Change the role',
      };
    case 'deactivate':
      return {
        title: `Deactivate ${name}?`,
        lines: [
          'Their sessions end at once, on every device, and they can no longer sign in.',
          'You can reactivate the account later.',
        ],
        confirm: 'Deactivate',
      };
    case 'reset':
      return {
        title: `Reset ${name}’s second factor?`,
        lines: [
          'For when they lost their authenticator app: the app and their recovery codes stop working, ' +
            'and their sessions end at once.',
          'They sign in again with their password and, if the practice requires a second factor, ' +
            'set up a new authenticator app first.',
        ],
        confirm: 'Reset the second factor',
      };
  }
}
