import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import { cancelAppointment } from './appointment-api.ts';
import { patientName } from './booking-labels.ts';
import { dollars } from '../shared/console-dates.ts';
import { ConsoleDialog } from '../shared/console-dialog.tsx';
import { ErrorNote } from '../shared/console-notes.tsx';
import { dangerButtonClass, inputClass, secondaryButtonClass } from '../shared/console-styles.ts';
import { useStaffSession } from '../staff-session-context.ts';

interface CancelDialogProps {
  detail: StaffAppointmentDetail;
  onClose: () => void;
  onCancelled: (next: StaffAppointmentDetail) => void;
}

/** Cancelling needs a reason (the patient is told); a refund is offered when something was paid, never ticked for the person. */
export function CancelDialog({ detail, onClose, onCancelled }: CancelDialogProps) {
  const session = useStaffSession();
  const cancel = useMutation({
    mutationFn: (body: { reason: string; refund: boolean }) => cancelAppointment(session.csrf_token, detail.id, body),
    onSuccess: onCancelled,
  });
  const refundable = detail.actions.refundable_cents;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    cancel.mutate({ reason: String(form.get('reason') ?? '').trim(), refund: form.get('refund') === 'on' });
  };

  return (
    <ConsoleDialog shape="centred" title={`Cancel ${patientName(detail.patient)}’s booking?`} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <label className="font-medium">
          Why is it cancelled?
          <textarea name="reason" required maxLength={500} rows={3} className={inputClass} />
        </label>
        {refundable !== null && refundable > 0 && (
          <label className="flex items-center gap-2">
            <input type="checkbox" name="refund" className="size-5" />
            Refund {dollars(refundable)}
          </label>
        )}
        <p className="text-slate-700">The patient gets the cancellation notice in their language.</p>
        {cancel.error && <ErrorNote>{cancel.error.message}</ErrorNote>}
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={cancel.isPending} className={dangerButtonClass}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel the booking'}
          </button>
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            Keep it
          </button>
        </div>
      </form>
    </ConsoleDialog>
  );
}
