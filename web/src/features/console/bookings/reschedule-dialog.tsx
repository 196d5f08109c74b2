import { useMutation } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import type { StaffAppointmentDetail, StaffSchedule } from '#domain/staff/staff-appointment-schemas.ts';
import { rescheduleAppointment } from './appointment-api.ts';
import { patientName } from './booking-labels.ts';
import { ConsoleDialog } from '../shared/console-dialog.tsx';
import { ErrorNote } from '../shared/console-notes.tsx';
import { primaryButtonClass, secondaryButtonClass } from '../shared/console-styles.ts';
import { SlotPicker, useSlotPick } from './slot-picker.tsx';
import type { StaffSlot } from './slots-api.ts';
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
  const move = useMutation({
    mutationFn: (slot: StaffSlot) =>
      rescheduleAppointment(session.csrf_token, detail.id, {
        apt_date: slot.apt_date,
        start_time: slot.start_time,
        pms_prov_num: slot.pms_prov_num,
        pms_op_num: slot.pms_op_num,
      }),
    onSuccess: onMoved,
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pick.chosen) move.mutate(pick.chosen);
  };

  return (
    <ConsoleDialog
      shape="centred"
      title={isRequest ? `Give ${patientName(detail.patient)} a time` : `Reschedule ${patientName(detail.patient)}`}
      onClose={onClose}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <SlotPicker pick={pick} providers={providers} />
        {move.error && <ErrorNote>{move.error.message}</ErrorNote>}
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={pick.chosen === null || move.isPending} className={primaryButtonClass}>
            {move.isPending ? (isRequest ? 'Booking…' : 'Moving…') : isRequest ? 'Book this time' : 'Move the booking'}
          </button>
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            {isRequest ? 'Not now' : 'Keep the time'}
          </button>
        </div>
      </form>
    </ConsoleDialog>
  );
}
