import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { reasonPatientTypeRefusal } from '#domain/booking/reason-patient-rule.ts';
import type { StaffSchedule } from '#domain/staff/staff-appointment-schemas.ts';
import {
  createStaffBookingBodySchema,
  type StaffBookingBody,
  type StaffBookingCreated,
} from '#domain/staff/staff-booking-schemas.ts';
import { todayIn } from '../shared/console-dates.ts';
import { ConsoleDialog } from '../shared/console-dialog.tsx';
import { ConsoleForm, FormField, SubmitButtons, useConsoleForm, type FieldProblems } from '../shared/console-form.tsx';
import { ErrorNote } from '../shared/console-notes.tsx';
import { inputClass } from '../shared/console-styles.ts';
import { ClinicSelect } from './clinic-select.tsx';
import { bookPatient, reasonsQuery } from './desk-api.ts';
import { EMPTY_PATIENT, PatientFields, patientBody, type PatientValues } from './patient-fields.tsx';
import { ExistingPatientPicker } from './existing-patient-picker.tsx';
import { SlotPicker, useSlotPick, type SlotPickStart } from '../bookings/slot-picker.tsx';
import { useStaffSession } from '../staff-session-context.ts';
import { ApiError } from '../../../lib/api-client.ts';

/** The server's names for what the slot picker chooses: a problem with any of them is a problem with the time. */
const SLOT_FIELDS = ['apt_date', 'start_time', 'pms_prov_num', 'pms_clinic_num'];
const AS_SLOT = Object.fromEntries(SLOT_FIELDS.map((name) => [name, 'slot']));

type BookPatientValues = PatientValues & { reason_id: string };

/** Whom a reason is for when it is not for everyone. */
const onlyFor = (reason: { for_new_patients: boolean; for_returning_patients: boolean }) =>
  reason.for_new_patients === reason.for_returning_patients
    ? ''
    : reason.for_new_patients
      ? 'for new patients only'
      : 'for returning patients only';

type Reason = NonNullable<ReturnType<typeof useReasons>['data']>[number];
const useReasons = (practiceId: string, clinic: number | null) => useQuery(reasonsQuery(practiceId, clinic));

/** What the form's schema cannot know: a time is chosen, and the reason is for this kind of patient. */
function visitProblems(reason: Reason, status: string | null, hasTime: boolean): FieldProblems {
  const found: FieldProblems = hasTime ? {} : { slot: 'Choose a free time.' };
  // The rule is the server's (domain); its sentence is the patient's, so staff get their own.
  const type = status === 'new' ? 'New Patient' : status === 'returning' ? 'Returning Patient' : null;
  if (type && reasonPatientTypeRefusal(reason, type)) found.is_new_patient = `${reason.name} is ${onlyFor(reason)}.`;
  return found;
}

function ReasonOptions({ reasons }: { reasons: ReturnType<typeof useReasons> }) {
  return (
    <>
      <option value="">{reasons.isPending ? 'Loading the reasons…' : 'Choose a reason'}</option>
      {reasons.data?.map((r) => (
        <option key={r.id} value={r.id}>
          {r.name} ({[`${r.final_duration} min`, onlyFor(r)].filter(Boolean).join(', ')})
        </option>
      ))}
    </>
  );
}

interface BookPatientDialogProps {
  schedule: StaffSchedule;
  /** The clinic the schedule shows (null: the practice has one). */
  clinic: number | null;
  start: SlotPickStart;
  onClose: () => void;
  onBooked: (booked: StaffBookingCreated, patient: string) => void;
}

/**
 * Books a patient who phoned into any free time: the reason, a free time of the slot
 * engine and the patient's details, checked with the server's own schema before sending. A time
 * taken meanwhile (409 SLOT_TAKEN) keeps the form and offers the day's times again.
 */
export function BookPatientDialog({ schedule, clinic: pageClinic, start, onClose, onBooked }: BookPatientDialogProps) {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const [clinic, setClinic] = useState(pageClinic);
  const form = useConsoleForm<BookPatientValues, StaffBookingBody>({
    schema: createStaffBookingBodySchema({ today: todayIn(session.practice.time_zone) }),
    defaultValues: { ...EMPTY_PATIENT, reason_id: '' },
    toBody: ({ reason_id, ...patient }) => ({
      ...patientBody(patient),
      reason_id,
      pms_clinic_num: clinic,
      pms_prov_num: pick.chosen?.pms_prov_num ?? 0,
      apt_date: pick.chosen?.apt_date ?? '',
      start_time: pick.chosen?.start_time ?? '',
    }),
    ignore: SLOT_FIELDS,
    check: (values): FieldProblems =>
      reason ? visitProblems(reason, values.is_new_patient, pick.chosen !== null) : {},
  });
  const reasonId = form.methods.watch('reason_id');

  const reasons = useReasons(session.practice.id, clinic);
  const reason = reasons.data?.find((r) => r.id === reasonId) ?? null;
  const pick = useSlotPick({ reasonId: reason?.id ?? null, clinic }, start);
  const allowed = new Set(reason?.providers.map((p) => p.pms_prov_num) ?? []);
  const providers = schedule.providers.filter(
    (p) =>
      (clinic === null || p.pms_clinic_nums.length === 0 || p.pms_clinic_nums.includes(clinic)) &&
      (allowed.size === 0 || allowed.has(p.pms_prov_num)),
  );

  const book = useMutation({
    mutationFn: (body: StaffBookingBody) => bookPatient(session.csrf_token, body),
    onSuccess: (booked, body) => onBooked(booked, `${body.first_name} ${body.last_name}`),
    onError: (error) => {
      // The time went (taken meanwhile, or no longer free): say so beside the times, and read them again.
      const isTimeGone =
        error instanceof ApiError && (error.code === 'SLOT_TAKEN' || error.code === 'SLOT_UNAVAILABLE');
      if (isTimeGone) void queryClient.invalidateQueries({ queryKey: ['slots'] });
      form.showServerProblems(error, AS_SLOT, isTimeGone ? { slot: error.message } : {});
    },
  });

  return (
    <ConsoleDialog shape="panel" title="Book a patient" onClose={onClose}>
      <ConsoleForm form={form} onSubmit={(body) => book.mutate(body)} className="flex flex-col gap-6">
        <fieldset className="flex flex-col gap-4">
          <legend className="mb-2 text-lg font-semibold">Visit</legend>
          {schedule.clinics.length > 1 && (
            <ClinicSelect
              clinics={schedule.clinics}
              clinic={clinic}
              onChange={setClinic}
              labelClass="font-medium"
              selectClass={inputClass}
            />
          )}
          <FormField name="reason_id" label="Reason for the visit">
            <select {...form.field('reason_id')} className={inputClass}>
              <ReasonOptions reasons={reasons} />
            </select>
          </FormField>
          {reasons.error && <ErrorNote>{reasons.error.message}</ErrorNote>}
          <SlotPicker
            pick={pick}
            providers={providers}
            waitingFor={reason ? undefined : 'Choose a reason to see the free times.'}
            error={form.problemOf('slot')}
            errorId={form.problemId('slot')}
          />
        </fieldset>
        <ExistingPatientPicker />
        <PatientFields />
        <SubmitButtons
          labels={{ submit: 'Book the visit', pending: 'Booking…', close: 'Close without booking' }}
          isPending={book.isPending}
          onClose={onClose}
          summary="Nothing is booked yet: check the marked fields."
          error={book.error}
        />
      </ConsoleForm>
    </ConsoleDialog>
  );
}
