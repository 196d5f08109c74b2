import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { StaffSchedule } from '#domain/staff/staff-appointment-schemas.ts';
import {
  BLOCK_LABEL_MAX_LENGTH,
  StaffBlockBodySchema,
  type StaffBlockBody,
  type StaffBlockCreated,
} from '#domain/staff/staff-booking-schemas.ts';
import { ConsoleDialog } from '../shared/console-dialog.tsx';
import { ErrorNote } from '../shared/console-notes.tsx';
import { inputClass } from '../shared/console-styles.ts';
import { DialogFormButtons } from '../shared/dialog-form-buttons.tsx';
import { blockTime } from './desk-api.ts';
import {
  describedBy,
  Field,
  focusFirstProblem,
  inWords,
  problemsOf,
  serverProblems,
  type FieldProblems,
} from './desk-field-errors.tsx';
import { inClinic } from './schedule-layout.ts';
import { useStaffSession } from '../staff-session-context.ts';

const FORM = 'block-time';
const WORDS = { date: 'the day', start_time: 'the start', end_time: 'the end' };

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
  const formRef = useRef<HTMLFormElement>(null);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown > 0) focusFirstProblem(formRef.current);
  }, [shown]);
  const show = (found: FieldProblems) => {
    const { pms_prov_num: provider, pms_op_num: chair, ...rest } = inWords(found, WORDS);
    setProblems({ ...rest, ...(provider || chair ? { who: (provider ?? chair)! } : {}) });
    setShown((n) => n + 1);
  };
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
    onError: (error) => show(serverProblems(error)),
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '');
    const parsed = StaffBlockBodySchema.safeParse({
      date: text('date'),
      start_time: text('start_time'),
      end_time: text('end_time'),
      ...whoOf(text('who')),
      pms_clinic_num: schedule.clinics.length > 1 ? clinic : null,
      label: text('label'),
    });
    if (!parsed.success) return show(problemsOf(parsed.error));
    setProblems({});
    block.mutate(parsed.data);
  };

  const field = (name: string) => ({ name, ...describedBy(FORM, name, problems) });
  return (
    <ConsoleDialog shape="centred" title="Block time" onClose={onClose}>
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-3">
          <Field form={FORM} field="date" problems={problems} label="Day">
            <input {...field('date')} type="date" defaultValue={date} className={inputClass} />
          </Field>
          <Field form={FORM} field="start_time" problems={problems} label="From">
            <input {...field('start_time')} type="time" className={inputClass} />
          </Field>
          <Field form={FORM} field="end_time" problems={problems} label="To">
            <input {...field('end_time')} type="time" className={inputClass} />
          </Field>
        </div>
        <Field form={FORM} field="who" problems={problems} label="For whom">
          <select {...field('who')} defaultValue="" className={inputClass}>
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
          </select>
        </Field>
        <Field form={FORM} field="label" problems={problems} label="What for (optional)">
          <input
            {...field('label')}
            maxLength={BLOCK_LABEL_MAX_LENGTH}
            placeholder="Staff meeting"
            className={inputClass}
          />
        </Field>
        <p className="text-slate-700">Patients cannot book blocked time. Bookings already in it stay booked.</p>
        {block.error && Object.keys(problems).length === 0 && <ErrorNote>{block.error.message}</ErrorNote>}
        {Object.keys(problems).length > 0 && <ErrorNote>Nothing is blocked yet: check the marked fields.</ErrorNote>}
        <DialogFormButtons
          isPending={block.isPending}
          submit="Block the time"
          pending="Blocking…"
          close="Close without blocking"
          onClose={onClose}
        />
      </form>
    </ConsoleDialog>
  );
}
