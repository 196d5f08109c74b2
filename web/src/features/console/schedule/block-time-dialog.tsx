import { useMutation } from '@tanstack/react-query';
import type { StaffSchedule } from '#domain/staff/staff-appointment-schemas.ts';
import {
  BLOCK_LABEL_MAX_LENGTH,
  StaffBlockBodySchema,
  type StaffBlockBody,
  type StaffBlockCreated,
} from '#domain/staff/staff-booking-schemas.ts';
import { ConsoleDialog } from '../shared/console-dialog.tsx';
import { ConsoleForm, FormField, SubmitButtons, useConsoleForm } from '../shared/console-form.tsx';
import { inputClass } from '../shared/console-styles.ts';
import { blockTime } from './desk-api.ts';
import { inClinic } from './schedule-layout.ts';
import { useStaffSession } from '../staff-session-context.ts';

const WORDS = { date: 'the day', start_time: 'the start', end_time: 'the end' };

/** The form as typed; `who` is the For whom list's value. */
interface BlockTimeValues {
  date: string;
  start_time: string;
  end_time: string;
  who: string;
  label: string;
}

interface WhoOptionsProps {
  providers: StaffSchedule['providers'];
  chairs: StaffSchedule['chairs'];
  clinicName: string | undefined;
}

/** Everyone, a provider or a chair: the For whom list's choices. */
function WhoOptions({ providers, chairs, clinicName }: WhoOptionsProps) {
  return (
    <>
      <option value="">Everyone{clinicName ? ` at ${clinicName}` : ''}</option>
      <optgroup label="Providers">
        {providers.map((p) => (
          <option key={p.pms_prov_num} value={`prov:${p.pms_prov_num}`}>
            {p.name}
          </option>
        ))}
      </optgroup>
      <optgroup label="Chairs">
        {chairs.map((c) => (
          <option key={c.pms_op_num} value={`op:${c.pms_op_num}`}>
            {c.name}
          </option>
        ))}
      </optgroup>
    </>
  );
}

interface BlockTimeDialogProps {
  schedule: StaffSchedule;
  /** The clinic the schedule shows (null: the practice has one): the block is for its schedules. */
  clinic: number | null;
  date: string;
  onClose: () => void;
  onBlocked: (created: StaffBlockCreated, body: StaffBlockBody, whom: string) => void;
}

/** The Who list's value: a provider ("prov:1"), a chair ("op:11") or everyone (""). */
const whoOf = (value: string) => {
  const [kind, num] = value.split(':');
  return { pms_prov_num: kind === 'prov' ? Number(num) : null, pms_op_num: kind === 'op' ? Number(num) : null };
};

/**
 * Blocks time on the built-in schedule (a meeting, an emergency): one provider, one chair, or
 * everyone at the clinic. Bookings already in that time stay; the answer says how many.
 */
export function BlockTimeDialog({ schedule, clinic, date, onClose, onBlocked }: BlockTimeDialogProps) {
  const session = useStaffSession();
  const form = useConsoleForm<BlockTimeValues, StaffBlockBody>({
    schema: StaffBlockBodySchema,
    toBody: ({ who, ...values }) => ({
      ...values,
      ...whoOf(who),
      pms_clinic_num: schedule.clinics.length > 1 ? clinic : null,
    }),
    defaultValues: { date, start_time: '', end_time: '', who: '', label: '' },
    words: WORDS,
  });
  const providers = schedule.providers.filter(
    (p) => clinic === null || p.pms_clinic_nums.length === 0 || p.pms_clinic_nums.includes(clinic),
  );
  const chairs = schedule.chairs.filter((c) => inClinic(c.pms_clinic_num, clinic));
  const clinicName =
    schedule.clinics.length > 1 ? schedule.clinics.find((c) => c.pms_clinic_num === clinic)?.name : undefined;

  const whomOf = (body: StaffBlockBody) =>
    body.pms_prov_num != null
      ? (providers.find((p) => p.pms_prov_num === body.pms_prov_num)?.name ?? 'the provider')
      : body.pms_op_num != null
        ? (chairs.find((c) => c.pms_op_num === body.pms_op_num)?.name ?? 'the chair')
        : `everyone${clinicName ? ` at ${clinicName}` : ''}`;
  const block = useMutation({
    mutationFn: (body: StaffBlockBody) => blockTime(session.csrf_token, body),
    onSuccess: (created, body) => onBlocked(created, body, whomOf(body)),
    onError: (error) => form.showServerProblems(error, { pms_prov_num: 'who', pms_op_num: 'who' }),
  });

  return (
    <ConsoleDialog shape="centred" title="Block time" onClose={onClose}>
      <ConsoleForm form={form} onSubmit={(body) => block.mutate(body)}>
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField name="date" label="Day">
            <input {...form.field('date')} type="date" className={inputClass} />
          </FormField>
          <FormField name="start_time" label="From">
            <input {...form.field('start_time')} type="time" className={inputClass} />
          </FormField>
          <FormField name="end_time" label="To">
            <input {...form.field('end_time')} type="time" className={inputClass} />
          </FormField>
        </div>
        <FormField name="who" label="For whom">
          <select {...form.field('who')} className={inputClass}>
            <WhoOptions providers={providers} chairs={chairs} clinicName={clinicName} />
          </select>
        </FormField>
        <FormField name="label" label="What for (optional)">
          <input
            {...form.field('label')}
            maxLength={BLOCK_LABEL_MAX_LENGTH}
            placeholder="Staff meeting"
            className={inputClass}
          />
        </FormField>
        <p className="text-slate-700">Patients cannot book blocked time. Bookings already in it stay booked.</p>
        <SubmitButtons
          labels={{ submit: 'Block the time', pending: 'Blocking…', close: 'Close without blocking' }}
          isPending={block.isPending}
          onClose={onClose}
          summary="Nothing is blocked yet: check the marked fields."
          error={block.error}
        />
      </ConsoleForm>
    </ConsoleDialog>
  );
}
