import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type KeyboardEvent } from 'react';
import { useFormContext } from 'react-hook-form';
import type { StaffAppointment } from '#domain/staff/staff-appointment-schemas.ts';
import { appointmentQuery } from '../bookings/appointment-api.ts';
import { patientName } from '../bookings/booking-labels.ts';
import { dayHeading } from '../shared/console-dates.ts';
import { ErrorNote } from '../shared/console-notes.tsx';
import { inputClass, secondaryButtonClass } from '../shared/console-styles.ts';
import { searchQuery } from '../search-api.ts';
import { useStaffSession } from '../staff-session-context.ts';
import type { PatientValues } from './patient-fields.tsx';
import { insuranceWords, patientFromBooking } from './patient-from-booking.ts';

/** Search answers newest visit first: a patient's first row is their last booking. */
function lastBookings(appointments: readonly StaffAppointment[]): StaffAppointment[] {
  const seen = new Set<string>();
  return appointments.filter((a) => {
    const key = patientName(a.patient).toLowerCase();
    return seen.has(key) ? false : (seen.add(key), true);
  });
}

const lastVisit = (a: StaffAppointment) => `${dayHeading(a.apt_date)}, ${a.apt_date.slice(0, 4)}`;

/**
 * "Book a patient" for someone who booked before (ADR 0063): the console's search (name, phone, e-mail,
 * reference or birth date) lists each patient once, and choosing one fills the form from their last booking.
 */
export function ExistingPatientPicker() {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const form = useFormContext<PatientValues>();
  const inputId = useId();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const found = useQuery({ ...searchQuery(session.practice.id, asked ?? ''), enabled: asked !== null });
  const choose = useMutation({
    mutationFn: (id: string) => queryClient.fetchQuery(appointmentQuery(session.practice.id, id)),
    onSuccess: (detail) => form.reset({ ...form.getValues(), ...patientFromBooking(detail) }),
  });
  // Enter searches here: it must not submit the booking around it.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    setAsked(text);
  };
  const patients = found.data ? lastBookings(found.data.appointments) : null;
  const insurance = form.watch('insurance');

  return (
    <section className="flex flex-col gap-2" aria-labelledby={`${inputId}-title`}>
      <h3 id={`${inputId}-title`} className="text-lg font-semibold">
        A patient who booked before
      </h3>
      <div className="flex items-end gap-2">
        <label className="flex grow flex-col font-medium">
          Find the patient
          <input
            type="search"
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
            placeholder="Name, phone, e-mail, reference or birth date"
            className={inputClass}
          />
        </label>
        <button type="button" className={secondaryButtonClass} onClick={() => setAsked(text)}>
          Find
        </button>
      </div>
      {found.isFetching && <p role="status">Searching…</p>}
      {found.error && <ErrorNote>{found.error.message}</ErrorNote>}
      {patients?.length === 0 && <p role="status">No booking found.</p>}
      {patients && patients.length > 0 && (
        <ul className="flex flex-col gap-1">
          {patients.map((a) => (
            <li key={a.id}>
              <button type="button" className={secondaryButtonClass} onClick={() => choose.mutate(a.id)}>
                {`Use ${patientName(a.patient)} (last visit ${lastVisit(a)}, reference ${a.reference})`}
              </button>
            </li>
          ))}
        </ul>
      )}
      {choose.error && <ErrorNote>{choose.error.message}</ErrorNote>}
      {choose.data && (
        <p role="status">
          {`Filled in from ${patientName(choose.data.patient)}’s last booking. ` +
            'Ask whether they agree to be contacted by e-mail and text message.'}
        </p>
      )}
      {insurance && (
        <p className="flex flex-wrap items-center gap-2">
          {`Insurance: ${insuranceWords(insurance)}`}
          <button type="button" className={secondaryButtonClass} onClick={() => form.setValue('insurance', null)}>
            Leave the insurance out
          </button>
        </p>
      )}
    </section>
  );
}
