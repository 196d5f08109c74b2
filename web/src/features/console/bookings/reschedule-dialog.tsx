import { useMutation } from '@tanstack/react-query';
import {
  StaffRescheduleBodySchema,
  type StaffAppointmentDetail,
  type StaffRescheduleBody,
  type StaffSchedule,
} from '#domain/staff/staff-appointment-schemas.ts';
import { rescheduleAppointment } from './appointment-api.ts';
import { patientName } from './booking-labels.ts';
import { ConsoleDialog } from '../shared/console-dialog.tsx';
import { ConsoleForm, SubmitButtons, useConsoleForm } from '../shared/console-form.tsx';
import { SlotPicker, useSlotPick } from './slot-picker.tsx';
import { useStaffSession } from '../staff-session-context.ts';

interface RescheduleDialogProps {
  detail: StaffAppointmentDetail;
  providers: StaffSchedule['providers'];
  onClose: () => void;
  onMoved: (next: StaffAppointmentDetail) => void;
}

/**
 * Any free time of the slot engine on a chosen day (staff are not bound by the patient policy); the
 * patient is told of the move. A request without a time gets its first one here (it becomes booked),
 * with the provider the patient asked for chosen to begin with.
 */
export function RescheduleDialog({ detail, providers, onClose, onMoved }: RescheduleDialogProps) {
  const session = useStaffSession();
  const isRequest = detail.status === 'requested';
  const askedFor =
    isRequest && providers.some((p) => p.pms_prov_num === detail.pms_prov_num) ? detail.pms_prov_num : null;
  const pick = useSlotPick(
    { reasonId: detail.reason.id, appointmentId: detail.id },
    { date: detail.apt_date ?? '', provider: askedFor },
  );
  // The time is the slot picker's; the form only checks it with the route's schema and sends it.
  const form = useConsoleForm<Record<string, never>, StaffRescheduleBody>({
    schema: StaffRescheduleBodySchema,
    toBody: () => {
      const { apt_date, start_time, pms_prov_num, pms_op_num } = pick.chosen ?? {};
      return { apt_date, start_time, pms_prov_num, pms_op_num };
    },
  });
  const move = useMutation({
    mutationFn: (body: StaffRescheduleBody) => rescheduleAppointment(session.csrf_token, detail.id, body),
    onSuccess: onMoved,
  });

  return (
    <ConsoleDialog
      shape="centred"
      title={isRequest ? `Give ${patientName(detail.patient)} a time` : `Reschedule ${patientName(detail.patient)}`}
      onClose={onClose}
    >
      <ConsoleForm form={form} onSubmit={(body) => move.mutate(body)}>
        <SlotPicker pick={pick} providers={providers} />
        <SubmitButtons
          labels={{
            submit: isRequest ? 'Book this time' : 'Move the booking',
            pending: isRequest ? 'Booking…' : 'Moving…',
            close: isRequest ? 'Not now' : 'Keep the time',
          }}
          isPending={move.isPending}
          isDisabled={pick.chosen === null}
          onClose={onClose}
          error={move.error}
        />
      </ConsoleForm>
    </ConsoleDialog>
  );
}
