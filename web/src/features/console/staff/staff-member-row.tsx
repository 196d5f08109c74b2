import type { StaffMember } from '#domain/staff/staff-accounts-schemas.ts';
import { instantText } from '../shared/console-dates.ts';
import { dangerOutlineButtonClass, secondaryButtonClass } from '../shared/console-styles.ts';
import type { MemberChange } from './staff-changes.ts';
import { memberName, memberStatus, ROLE_LABELS } from './staff-labels.ts';
import { useStaffSession } from '../staff-session-context.ts';

interface StaffMemberRowProps {
  member: StaffMember;
  isBusy: boolean;
  onChange: (member: StaffMember, change: MemberChange, opener: HTMLElement) => void;
}

/** One member and what an owner may do to them; each button's name says whom it is for. */
export function StaffMemberRow({ member, isBusy, onChange }: StaffMemberRowProps) {
  const session = useStaffSession();
  const name = memberName(member);
  const isSelf = member.id === session.account.id;
  const button = (label: string, change: MemberChange, className = secondaryButtonClass) => (
    <button
      type="button"
      disabled={isBusy}
      onClick={(event) => onChange(member, change, event.currentTarget)}
      className={className}
    >
      {label}
      <span className="sr-only"> {name}</span>
    </button>
  );

  return (
    <tr className="border-b border-slate-200 align-top last:border-b-0">
      <td className="min-w-48 p-2">
        <span className="font-medium">{name}</span>
        {isSelf && <span className="text-slate-700"> (you)</span>}
        {member.name && <span className="block text-sm text-slate-700">{member.email}</span>}
      </td>
      <td className="p-2 whitespace-nowrap">{ROLE_LABELS[member.role]}</td>
      <td className="p-2 whitespace-nowrap">{memberStatus(member)}</td>
      <td className="p-2 whitespace-nowrap">{member.totp_enabled ? 'On' : 'Off'}</td>
      <td className="p-2 whitespace-nowrap">
        {member.last_sign_in_at ? instantText(member.last_sign_in_at, session.practice.time_zone) : 'Never'}
      </td>
      <td className="p-2">
        <div className="flex flex-wrap gap-2">
          {/* One element per place, so the button a person pressed keeps the focus when its label changes. */}
          {member.active &&
            (member.role === 'owner'
              ? button('Make front desk', { kind: 'role', to: 'front_desk' })
              : button('Make owner', { kind: 'role', to: 'owner' }))}
          {member.totp_enabled && button('Reset second factor', { kind: 'reset' })}
          {member.active
            ? button('Deactivate', { kind: 'deactivate' }, dangerOutlineButtonClass)
            : button('Reactivate', { kind: 'reactivate' })}
        </div>
      </td>
    </tr>
  );
}
