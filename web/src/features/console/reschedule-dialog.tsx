import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { StaffAppointmentDetail, StaffSchedule } from '#domain/staff/staff-appointment-schemas.ts';
import { isRealLocalDate } from '#domain/time/calendar-fields.ts';
import { rescheduleAppointment } from './appointment-api.ts';
import { patientName } from './booking-labels.ts';
import { clockTime } from './console-dates.ts';
import { ConsoleDialog } from './console-dialog.tsx';
import { ErrorNote } from './console-notes.tsx';
import { inputClass, primaryButtonClass, secondaryButtonClass } from './console-styles.ts';
import { slotsQuery, type StaffSlot } from './slots-api.ts';
import { useStaffSession } from './staff-session-context.ts';

interface RescheduleDialogProps {
  detail: StaffAppointmentDetail;
  providers: StaffSchedule['providers'];
  onClose: () => void;
  onMoved: (next: StaffAppointmentDetail) => void;
}

const slotKey = (slot: StaffSlot) => `${slot.apt_date} ${slot.start_time} ${slot.pms_prov_num} ${slot.pms_op_num}`;

/**
 * Any free time of the slot engine on a chosen day (staff are not bound by the patient policy); the
 * patient is told of the move. A request without a time gets its first one here (it becomes booked),
 * with the provider the patient asked for chosen to begin with.
 */
export function RescheduleDialog({ detail, providers, onClose, onMoved }: RescheduleDialogProps) {
  const session = useStaffSession();
  const [date, setDate] = useState(detail.apt_date ?? '');
  const isRequest = detail.status === 'requested';
  const [provider, setProvider] = useState<number | null>(isRequest && providers.some((p) => p.pms_prov_num === detail.pms_prov_num) ? detail.pms_prov_num : null);
  const [chosen, setChosen] = useState<string | null>(null);
  const search = { date, reasonId: detail.reason.id, provider, appointmentId: detail.id };
  const slots = useQuery({ ...slotsQuery(session.practice.id, search), enabled: isRealLocalDate(date) });
  const move = useMutation({
    mutationFn: (slot: StaffSlot) =>
      rescheduleAppointment(session.csrf_token, detail.id, { apt_date: slot.apt_date, start_time: slot.start_time, pms_prov_num: slot.pms_prov_num, pms_op_num: slot.pms_op_num }),
    onSuccess: onMoved,
  });
  const providerName = (num: number) => providers.find((p) => p.pms_prov_num === num)?.name ?? `Provider ${num}`;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const slot = slots.data?.find((s) => slotKey(s) === chosen);
    if (slot) move.mutate(slot);
  };

  return (
    <ConsoleDialog shape="centred" title={isRequest ? `Give ${patientName(detail.patient)} a time` : `Reschedule ${patientName(detail.patient)}`} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-4">
          <label className="font-medium">
            Day
            <input type="date" value={date} onChange={(event) => {
                setDate(event.target.value);
                setChosen(null);
              }} className={inputClass} />
          </label>
          <label className="font-medium">
            Provider
            <select value={provider ?? ''} onChange={(event) => {
                setProvider(event.target.value ? Number(event.target.value) : null);
                setChosen(null);
              }} className={inputClass}>
              <option value="">Any provider</option>
              {providers.map((p) => (
                <option key={p.pms_prov_num} value={p.pms_prov_num}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        {slots.isFetching && <p role="status">Looking for free times…</p>}
        {slots.error && <ErrorNote>{slots.error.message}</ErrorNote>}
        {slots.data && slots.data.length === 0 && <p role="status">No free time that day. Try another day or provider.</p>}
        {slots.data && slots.data.length > 0 && (
          <fieldset className="flex flex-col gap-1">
            <legend className="mb-1 font-medium">Free times</legend>
            <div className="grid max-h-64 grid-cols-2 gap-1 overflow-y-auto">
              {slots.data.map((slot) => (
                <label key={slotKey(slot)} className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-2">
                  <input type="radio" name="slot" value={slotKey(slot)} checked={chosen === slotKey(slot)} onChange={() => setChosen(slotKey(slot))} />
                  {clockTime(slot.start_time)}, {providerName(slot.pms_prov_num)}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {move.error && <ErrorNote>{move.error.message}</ErrorNote>}
        <div className="flex flex-wrap gap-2">
          <button type="submit" disabled={chosen === null || move.isPending} className={primaryButtonClass}>
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
