import { useQuery } from '@tanstack/react-query';
import { staffMembersQuery } from '../staff/staff-api.ts';
import { memberName } from '../staff/staff-labels.ts';
import { useStaffSession } from '../staff-session-context.ts';

/**
 * What requiring a second factor means for the people who have none yet: they are not locked out,
 * but the console does nothing for them except the set-up, from their next click (open sessions
 * too, since the server reads the rule on every request) or their next sign-in.
 */
export function SecondFactorImpact({
  id,
  isRequired,
  wasRequired,
}: {
  id: string;
  isRequired: boolean;
  wasRequired: boolean;
}) {
  const session = useStaffSession();
  const members = useQuery({
    ...staffMembersQuery(session.practice.id),
    enabled: session.permissions.includes('staff'),
  });
  const without = (members.data ?? []).filter((member) => member.active && !member.totp_enabled);
  const others = without.filter((member) => member.id !== session.account.id);
  const selfLacks = !session.account.totp_enabled;

  return (
    <div id={id} className="flex flex-col gap-2 rounded-md bg-slate-100 p-3 text-slate-900">
      {members.isError && <p>{members.error.message}</p>}
      {members.data && without.length === 0 && !selfLacks && (
        <p>Everyone active on the staff has a second factor set up already.</p>
      )}
      {members.data && (others.length > 0 || selfLacks) && (
        <>
          <p>
            {isRequired && !wasRequired ? 'Once you save, ' : 'While it is required, '}
            people without a second factor can do nothing in the console but set up an authenticator app: from their
            next click if they are signed in now, or right after their next sign-in. Nobody is locked out, and they get
            ten recovery codes when they finish.
          </p>
          {others.length > 0 && (
            <>
              <p className="font-medium">
                {others.length === 1 ? '1 person has' : `${others.length} people have`} no second factor yet:
              </p>
              <ul className="list-disc pl-6">
                {others.map((member) => (
                  <li key={member.id}>
                    {memberName(member)}
                    {member.has_password ? '' : ' (invited, sets it up after choosing a password)'}
                  </li>
                ))}
              </ul>
            </>
          )}
          {selfLacks && (
            <p className="font-medium">
              That includes you: after saving with the requirement on, you set up your own app before anything else.
            </p>
          )}
        </>
      )}
    </div>
  );
}
