import { useMutation } from '@tanstack/react-query';
import type { StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import { runAction, type SimpleAction } from './appointment-api.ts';
import { ErrorNote } from './console-notes.tsx';
import { dangerOutlineButtonClass, primaryButtonClass, secondaryButtonClass } from './console-styles.ts';
import { useStaffSession } from './staff-session-context.ts';

export type SubDialog = 'cancel' | 'reschedule';

interface BookingActionsProps {
  detail: StaffAppointmentDetail;
  onChanged: (next: StaffAppointmentDetail, what: string) => void;
  onOpen: (which: SubDialog, opener: HTMLElement) => void;
}

const SIMPLE: { action: SimpleAction; allowed: keyof StaffAppointmentDetail['actions']; label: string; done: string }[] = [
  { action: 'confirm', allowed: 'confirm', label: 'Confirm', done: 'Confirmed.' },
  { action: 'arrived', allowed: 'arrived', label: 'Arrived', done: 'Marked arrived.' },
  { action: 'no-show', allowed: 'no_show', label: 'No-show', done: 'Marked a no-show.' },
  { action: 'resend-confirmation', allowed: 'resend_confirmation', label: 'Resend confirmation', done: 'The confirmation is sent again.' },
];

/** The actions the server allows now (`detail.actions`); cancel and reschedule ask first, in a dialog of their own. */
export function BookingActions({ detail, onChanged, onOpen }: BookingActionsProps) {
  const session = useStaffSession();
  const act = useMutation({
    mutationFn: (action: SimpleAction) => runAction(session.csrf_token, detail.id, action),
    onSuccess: (next, action) => onChanged(next, SIMPLE.find((s) => s.action === action)!.done),
  });
  const allowed = SIMPLE.filter((s) => detail.actions[s.allowed] === true);
  if (allowed.length === 0 && !detail.actions.cancel && !detail.actions.reschedule) return null;
  return (
    <section aria-label="Actions" className="flex flex-col gap-2">
      {act.error && <ErrorNote>{act.error.message}</ErrorNote>}
      <div className="flex flex-wrap gap-2">
        {allowed.map(({ action, label }) => (
          <button key={action} type="button" disabled={act.isPending} onClick={() => act.mutate(action)} className={action === 'confirm' || action === 'arrived' ? primaryButtonClass : secondaryButtonClass}>
            {label}
          </button>
        ))}
        {detail.actions.reschedule && (
          <button type="button" onClick={(event) => onOpen('reschedule', event.currentTarget)} className={secondaryButtonClass}>
            Reschedule…
          </button>
        )}
        {detail.actions.cancel && (
          <button type="button" onClick={(event) => onOpen('cancel', event.currentTarget)} className={dangerOutlineButtonClass}>
            Cancel booking…
          </button>
        )}
      </div>
    </section>
  );
}
