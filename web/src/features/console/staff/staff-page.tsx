import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffMember } from '#domain/staff/staff-accounts-schemas.ts';
import { ErrorNote, StatusNote } from '../shared/console-notes.tsx';
import { staffMembersQuery } from './staff-api.ts';
import { StaffChangeDialog } from './staff-change-dialog.tsx';
import { applyMemberChange, changeDoneMessage, type MemberChange } from './staff-changes.ts';
import { StaffInviteForm } from './staff-invite-form.tsx';
import { StaffMemberRow } from './staff-member-row.tsx';
import { useStaffSession } from '../staff-session-context.ts';
import { useFocusReturn } from '../shared/use-focus-return.ts';
import { TableHead } from '../shared/table-head.tsx';

const COLUMNS = ['Name', 'Role', 'Status', 'Second factor', 'Last sign-in', 'Actions'];
const byEmail = (a: StaffMember, b: StaffMember) => a.email.localeCompare(b.email);

type Asking = { member: StaffMember; change: Exclude<MemberChange, { kind: 'reactivate' }> };

/**
 * `/console/staff` (owners): the practice's staff, invitations, roles, deactivation and second-factor
 * resets. Every change that takes rights away ends the member's sessions, so it is asked first.
 */
export function StaffPage() {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const query = staffMembersQuery(session.practice.id);
  const members = useQuery(query);
  const [asking, setAsking] = useState<Asking | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const rememberOpener = useFocusReturn(asking !== null, () => document.querySelector<HTMLElement>('#staff-heading'));

  const changed = (next: StaffMember, message: string) => {
    queryClient.setQueryData(query.queryKey, (list) => list?.map((member) => (member.id === next.id ? next : member)));
    setDone(message);
    // A change to one's own account ended one's own session: reading again hands the console to the sign-in.
    void queryClient.invalidateQueries({ queryKey: query.queryKey });
  };
  const added = (member: StaffMember) =>
    queryClient.setQueryData(query.queryKey, (list) => [...(list ?? []), member].sort(byEmail));
  const reactivate = useMutation({
    mutationFn: (member: StaffMember) => applyMemberChange(session.csrf_token, member, { kind: 'reactivate' }),
    onSuccess: (next, member) => changed(next, changeDoneMessage(member, { kind: 'reactivate' })),
  });
  const ask = (member: StaffMember, change: MemberChange, opener: HTMLElement) => {
    setDone(null);
    if (change.kind === 'reactivate') return reactivate.mutate(member);
    rememberOpener(opener);
    setAsking({ member, change });
  };

  return (
    <>
      <main className="flex flex-col gap-4 px-4 py-3" inert={asking !== null}>
        <h1 id="staff-heading" tabIndex={-1} className="text-xl font-semibold">
          Staff
        </h1>
        <StaffInviteForm onInvited={added} />
        {done && <StatusNote>{done}</StatusNote>}
        {reactivate.error && <ErrorNote>{reactivate.error.message}</ErrorNote>}
        {members.isPending && <p role="status">Loading the staff…</p>}
        {members.isError && <ErrorNote>{members.error.message}</ErrorNote>}
        {members.data && (
          <div
            role="region"
            aria-label="Staff list"
            tabIndex={0}
            className="overflow-x-auto rounded-md border border-slate-300 bg-white"
          >
            {/* Scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too. */}
            <table className="w-full text-left wrap-break-word">
              <caption className="sr-only">The practice’s staff</caption>
              <TableHead headings={COLUMNS} />
              <tbody>
                {members.data.map((member) => (
                  <StaffMemberRow key={member.id} member={member} isBusy={reactivate.isPending} onChange={ask} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </main>
      {asking && (
        <StaffChangeDialog
          member={asking.member}
          change={asking.change}
          onClose={() => setAsking(null)}
          onDone={(next) => {
            changed(next, changeDoneMessage(asking.member, asking.change));
            setAsking(null);
          }}
        />
      )}
    </>
  );
}
