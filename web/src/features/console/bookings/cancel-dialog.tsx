import { useMutation } from '@tanstack/react-query';
import {
  StaffCancelBodySchema,
  type StaffAppointmentDetail,
  type StaffCancelBody,
} from '#domain/staff/staff-appointment-schemas.ts';
import { cancelAppointment } from './appointment-api.ts';
import { patientName } from './booking-labels.ts';
import { dollars } from '../shared/console-dates.ts';
import { ConsoleDialog } from '../shared/console-dialog.tsx';
import { CheckField, ConsoleForm, FormField, SubmitButtons, useConsoleForm } from '../shared/console-form.tsx';
import { inputClass } from '../shared/console-styles.ts';
import { useStaffSession } from '../staff-session-context.ts';

interface CancelDialogProps {
  detail: StaffAppointmentDetail;
  onClose: () => void;
  onCancelled: (next: StaffAppointmentDetail) => void;
}

/**
 * Cancelling needs a reason (the patient is told); a refund is offered when something was paid,
 * never ticked for the person.
 */
export function CancelDialog({ detail, onClose, onCancelled }: CancelDialogProps) {
  const session = useStaffSession();
  const form = useConsoleForm<StaffCancelBody, StaffCancelBody>({
    schema: StaffCancelBodySchema,
    defaultValues: { reason: '', refund: false },
  });
  const cancel = useMutation({
    mutationFn: (body: StaffCancelBody) => cancelAppointment(session.csrf_token, detail.id, body),
    onSuccess: onCancelled,
    onError: (error) => form.showServerProblems(error),
  });
  const refundable = detail.actions.refundable_cents;

  return (
    <ConsoleDialog shape="centred" title={`Cancel ${patientName(detail.patient)}’s booking?`} onClose={onClose}>
      <ConsoleForm form={form} onSubmit={(body) => cancel.mutate(body)}>
        <FormField name="reason" label="Why is it cancelled?">
          <textarea {...form.field('reason')} maxLength={500} rows={3} className={inputClass} />
        </FormField>
        {refundable !== null && refundable > 0 && <CheckField name="refund">Refund {dollars(refundable)}</CheckField>}
        <p className="text-slate-700">The patient gets the cancellation notice in their language.</p>
        <SubmitButtons
          labels={{ submit: 'Cancel the booking', pending: 'Cancelling…', close: 'Keep it' }}
          isDanger
          isPending={cancel.isPending}
          onClose={onClose}
          error={cancel.error}
        />
      </ConsoleForm>
    </ConsoleDialog>
  );
}
