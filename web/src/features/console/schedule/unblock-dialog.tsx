import { useMutation } from '@tanstack/react-query';
import type { ScheduleBlock, StaffSchedule } from '#domain/staff/staff-appointment-schemas.ts';
import { formatInstantLocal } from '#domain/time/zoned-time.ts';
import { clockTime, dayHeading } from '../shared/console-dates.ts';
import { ConsoleDialog } from '../shared/console-dialog.tsx';
import { ConsoleForm, NO_FIELDS, SubmitButtons, useConsoleForm } from '../shared/console-form.tsx';
import { unblockTime } from './desk-api.ts';
import { useStaffSession } from '../staff-session-context.ts';

interface UnblockDialogProps {
  block: ScheduleBlock;
  schedule: StaffSchedule;
  onClose: () => void;
  onRemoved: (what: string) => void;
}

/** "Wednesday, November 25, 10:00 AM–11:00 AM": a block's time in the practice's zone. */
function blockTimeText(block: ScheduleBlock, timeZone: string): string {
  const [date = '', start = ''] = formatInstantLocal(Date.parse(block.starts_at), timeZone).split(' ');
  const [, end = ''] = formatInstantLocal(Date.parse(block.ends_at), timeZone).split(' ');
  return `${dayHeading(date)}, ${clockTime(start)}–${clockTime(end)}`;
}

/** Whom a block is for, in the schedule's names. */
function blockWhom(block: ScheduleBlock, schedule: StaffSchedule): string {
  if (block.pms_prov_num !== null)
    return schedule.providers.find((p) => p.pms_prov_num === block.pms_prov_num)?.name ?? 'a provider';
  if (block.pms_op_num !== null)
    return schedule.chairs.find((c) => c.pms_op_num === block.pms_op_num)?.name ?? 'a chair';
  const clinic = schedule.clinics.find((c) => c.pms_clinic_num === block.pms_clinic_num);
  return clinic ? `everyone at ${clinic.name}` : 'everyone';
}

/** Asks before removing time staff blocked: the time is open to bookings again at once. */
export function UnblockDialog({ block, schedule, onClose, onRemoved }: UnblockDialogProps) {
  const session = useStaffSession();
  const when = blockTimeText(block, schedule.time_zone);
  const form = useConsoleForm({ schema: NO_FIELDS });
  const remove = useMutation({
    mutationFn: () => unblockTime(session.csrf_token, block.id!),
    onSuccess: () => onRemoved(`The blocked time on ${when} is removed: it can be booked again.`),
  });
  return (
    <ConsoleDialog shape="centred" title="Remove the blocked time?" onClose={onClose}>
      <p>
        {when}, for {blockWhom(block, schedule)}
        {block.label ? `: ${block.label}` : ''}.
      </p>
      <p className="text-slate-700">Patients and staff can book this time again once it is removed.</p>
      <ConsoleForm form={form} onSubmit={() => remove.mutate()}>
        <SubmitButtons
          labels={{ submit: 'Remove the block', pending: 'Removing…', close: 'Keep it' }}
          isDanger
          isPending={remove.isPending}
          onClose={onClose}
          error={remove.error}
        />
      </ConsoleForm>
    </ConsoleDialog>
  );
}
