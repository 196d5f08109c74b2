import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { reasonPatientTypeRefusal } from '#domain/booking/reason-patient-rule.ts';
import type { StaffSchedule } from '#domain/staff/staff-appointment-schemas.ts';
import { createStaffBookingBodySchema, type StaffBookingCreated } from '#domain/staff/staff-booking-schemas.ts';
import { todayIn } from '../shared/console-dates.ts';
import { ConsoleDialog } from '../shared/console-dialog.tsx';
import { ErrorNote } from '../shared/console-notes.tsx';
import { inputClass } from '../shared/console-styles.ts';
import { DialogFormButtons } from '../shared/dialog-form-buttons.tsx';
import { bookPatient, reasonsQuery } from './desk-api.ts';
import {
  describedBy,
  Field,
  focusFirstProblem,
  problemId,
  problemsOf,
  serverProblems,
  type FieldProblems,
} from './desk-field-errors.tsx';
import { PatientFields, readPatient } from './patient-fields.tsx';
import { SlotPicker, useSlotPick, type SlotPickStart } from '../bookings/slot-picker.tsx';
import { useStaffSession } from '../staff-session-context.ts';
import { ApiError } from '../../../lib/api-client.ts';

const FORM = 'book-patient';
/** The server's names for what the slot picker chooses: a problem with any of them is a problem with the time. */
const SLOT_FIELDS = ['apt_date', 'start_time', 'pms_prov_num', 'pms_clinic_num'];

/** Whom a reason is for when it is not for everyone. */
const onlyFor = (reason: { for_new_patients: boolean; for_returning_patients: boolean }) =>
  reason.for_new_patients === reason.for_returning_patients
    ? ''
    : reason.for_new_patients
      ? 'for new patients only'
      : 'for returning patients only';

interface BookPatientDialogProps {
  schedule: StaffSchedule;
  /** The clinic the schedule shows (null: the practice has one). */
  clinic: number | null;
  start: SlotPickStart;
  onClose: () => void;
  onBooked: (booked: StaffBookingCreated, patient: string) => void;
}

/**
 * Books a patient who phoned into any free time (issue 22): the reason, a free time of the slot
 * engine and the patient's details, checked with the server's own schema before sending. A time
 * taken meanwhile (409 SLOT_TAKEN) keeps the form and offers the day's times again.
 */
export function BookPatientDialog({ schedule, clinic: pageClinic, start, onClose, onBooked }: BookPatientDialogProps) {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const formRef = useRef<HTMLFormElement>(null);
  const [clinic, setClinic] = useState(pageClinic);
  const [reasonId, setReasonId] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown > 0) focusFirstProblem(formRef.current);
  }, [shown]);
  const show = (found: FieldProblems) => {
    setProblems(found);
    setShown((n) => n + 1);
  };

  const reasons = useQuery(reasonsQuery(session.practice.id, clinic));
  const reason = reasons.data?.find((r) => r.id === reasonId) ?? null;
  const pick = useSlotPick({ reasonId: reason?.id ?? null, clinic }, start);
  const allowed = new Set(reason?.providers.map((p) => p.pms_prov_num) ?? []);
  const providers = schedule.providers.filter(
    (p) =>
      (clinic === null || p.pms_clinic_nums.length === 0 || p.pms_clinic_nums.includes(clinic)) &&
      (allowed.size === 0 || allowed.has(p.pms_prov_num)),
  );

  const book = useMutation({
    mutationFn: (body: Parameters<typeof bookPatient>[1]) => bookPatient(session.csrf_token, body),
    onSuccess: (booked, body) => onBooked(booked, `${body.first_name} ${body.last_name}`),
    onError: (error) => {
      const fromServer = serverProblems(error);
      const slot = SLOT_FIELDS.map((name) => fromServer[name]).find(Boolean);
      // The time went (taken meanwhile, or no longer free): say so beside the times, and read them again.
      const isTimeGone =
        error instanceof ApiError && (error.code === 'SLOT_TAKEN' || error.code === 'SLOT_UNAVAILABLE');
      if (isTimeGone) void queryClient.invalidateQueries({ queryKey: ['slots'] });
      show({ ...fromServer, ...(isTimeGone ? { slot: error.message } : slot ? { slot } : {}) });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const chosen = pick.chosen;
    const patient = readPatient(new FormData(event.currentTarget));
    const body = {
      ...patient,
      reason_id: reason?.id ?? '',
      pms_clinic_num: clinic,
      pms_prov_num: chosen?.pms_prov_num ?? 0,
      apt_date: chosen?.apt_date ?? '',
      start_time: chosen?.start_time ?? '',
    };
    const parsed = createStaffBookingBodySchema({ today: todayIn(session.practice.time_zone) }).safeParse(body);
    const found: FieldProblems = parsed.success ? {} : problemsOf(parsed.error);
    for (const name of SLOT_FIELDS) delete found[name];
    if (reason && !chosen) found.slot = 'Choose a free time.';
    if (reason && typeof patient.is_new_patient === 'boolean') {
      // The rule is the server's (domain); its sentence is the patient's, so staff get their own.
      if (reasonPatientTypeRefusal(reason, patient.is_new_patient ? 'New Patient' : 'Returning Patient'))
        found.is_new_patient = `${reason.name} is ${onlyFor(reason)}.`;
    }
    if (!parsed.success || Object.keys(found).length > 0) return show(found);
    show({});
    book.mutate(parsed.data);
  };

  // Problems of a field or of the time show beside them; anything else (the network, a 403) here.
  const generalError = book.error && Object.keys(problems).length === 0 ? book.error.message : null;
  return (
    <ConsoleDialog shape="panel" title="Book a patient" onClose={onClose}>
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-col gap-6">
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold">Visit</legend>
          {schedule.clinics.length > 1 && (
            <label className="font-medium">
              Clinic
              <select
                value={clinic ?? ''}
                onChange={(event) => setClinic(Number(event.target.value))}
                className={inputClass}
              >
                {schedule.clinics.map((c) => (
                  <option key={c.pms_clinic_num} value={c.pms_clinic_num}>
                    {c.name}
                  </option>
                ))}
              </select>
            </label>
          )}
          <Field form={FORM} field="reason_id" problems={problems} label="Reason for the visit">
            <select
              value={reasonId}
              onChange={(event) => setReasonId(event.target.value)}
              {...describedBy(FORM, 'reason_id', problems)}
              className={inputClass}
            >
              <option value="">{reasons.isPending ? 'Loading the reasons…' : 'Choose a reason'}</option>
              {reasons.data?.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.name} ({[`${r.final_duration} min`, onlyFor(r)].filter(Boolean).join(', ')})
                </option>
              ))}
            </select>
          </Field>
          {reasons.error && <ErrorNote>{reasons.error.message}</ErrorNote>}
          <SlotPicker
            pick={pick}
            providers={providers}
            waitingFor={reason ? undefined : 'Choose a reason to see the free times.'}
            error={problems.slot}
            errorId={problemId(FORM, 'slot')}
          />
        </fieldset>
        <PatientFields form={FORM} problems={problems} />
        {Object.keys(problems).length > 0 && <ErrorNote>Nothing is booked yet: check the marked fields.</ErrorNote>}
        {generalError && <ErrorNote>{generalError}</ErrorNote>}
        <DialogFormButtons
          isPending={book.isPending}
          submit="Book the visit"
          pending="Booking…"
          close="Close without booking"
          onClose={onClose}
        />
      </form>
    </ConsoleDialog>
  );
}
