import { useMutation } from '@tanstack/react-query';
import { isBooked } from '#domain/booking/booking-lifecycle.ts';
import type { StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import { runAction, type SimpleAction } from './appointment-api.ts';
import { ErrorNote } from '../shared/console-notes.tsx';
import { dangerOutlineButtonClass, primaryButtonClass, secondaryButtonClass } from '../shared/console-styles.ts';
import { useStaffSession } from '../staff-session-context.ts';

export type SubDialog = 'cancel' | 'reschedule' | 'review';

interface BookingActionsProps {
  detail: StaffAppointmentDetail;
  onChanged: (next: StaffAppointmentDetail, what: string) => void;
  onOpen: (which: SubDialog, opener: HTMLElement) => void;
}

const SIMPLE: {
  action: SimpleAction;
  allowed: keyof StaffAppointmentDetail['actions'];
  label: string;
  done: string;
}[] = [
  { action: 'confirm', allowed: 'confirm', label: 'Confirm', done: 'Confirmed.' },
  { action: 'arrived', allowed: 'arrived', label: 'Arrived', done: 'Marked arrived.' },
  { action: 'no-show', allowed: 'no_show', label: 'No-show', done: 'Marked a no-show.' },
  // Today's arrived or no-show, taken back (ADR 0064); the button names the mark it undoes.
  { action: 'undo', allowed: 'undo', label: 'Undo', done: 'Undone: the booking is as it was before the mark.' },
  {
    action: 'resend-confirmation',
    allowed: 'resend_confirmation',
    label: 'Resend confirmation',
    done: 'The confirmation is sent again.',
  },
];

/**
 * A visit that happened, as the review sweep sees one: booked and kept (never a no-show, a
 * cancellation or a request without a time, which the server refuses) and over by now.
 */
export const canAskForReview = (detail: Pick<StaffAppointmentDetail, 'status' | 'ends_at'>, now = Date.now()) =>
  isBooked(detail.status) && detail.ends_at !== null && Date.parse(detail.ends_at) <= now;

/** The actions the server allows now (`detail.actions`); cancel, reschedule and a review request ask first, in a dialog of their own. */
export function BookingActions({ detail, onChanged, onOpen }: BookingActionsProps) {
  const session = useStaffSession();
  const act = useMutation({
    mutationFn: (action: SimpleAction) => runAction(session.csrf_token, detail.id, action),
    onSuccess: (next, action) => onChanged(next, SIMPLE.find((s) => s.action === action)!.done),
  });
  const allowed = SIMPLE.filter((s) => detail.actions[s.allowed] === true);
  const canReview = session.permissions.includes('feedback') && canAskForReview(detail);
  if (allowed.length === 0 && !detail.actions.cancel && !detail.actions.reschedule && !canReview) return null;
  return (
    <section aria-label="Actions" className="flex flex-col gap-2">
      {act.error && <ErrorNote>{act.error.message}</ErrorNote>}
      <div className="flex flex-wrap gap-2">
        {allowed.map(({ action, label }) => (
          <button
            key={action}
            type="button"
            disabled={act.isPending}
            onClick={() => act.mutate(action)}
            className={action === 'confirm' || action === 'arrived' ? primaryButtonClass : secondaryButtonClass}
          >
            {action === 'undo' ? `Undo ${detail.status === 'arrived' ? 'arrived' : 'no-show'}` : label}
          </button>
        ))}
        {detail.actions.reschedule && (
          <button
            type="button"
            onClick={(event) => onOpen('reschedule', event.currentTarget)}
            className={secondaryButtonClass}
          >
            {detail.status === 'requested' ? 'Give a time…' : 'Reschedule…'}
          </button>
        )}
        {canReview && (
          <button
            type="button"
            onClick={(event) => onOpen('review', event.currentTarget)}
            className={secondaryButtonClass}
          >
            Send review request…
          </button>
        )}
        {detail.actions.cancel && (
          <button
            type="button"
            onClick={(event) => onOpen('cancel', event.currentTarget)}
            className={dangerOutlineButtonClass}
          >
            Cancel booking…
          </button>
        )}
      </div>
    </section>
  );
}
