import type { StaffSchedule } from '#domain/staff/staff-appointment-schemas.ts';

interface ClinicSelectProps {
  clinics: StaffSchedule['clinics'];
  clinic: number | null;
  onChange: (clinic: number) => void;
  /** The looks of the place it sits in (the toolbar's row, a form's column). */
  labelClass: string;
  selectClass: string;
}

/** The clinic of a practice with several: the schedule, its reasons and free times follow it. */
export function ClinicSelect({ clinics, clinic, onChange, labelClass, selectClass }: ClinicSelectProps) {
  return (
    <label className={labelClass}>
      Clinic
      <select value={clinic ?? ''} onChange={(event) => onChange(Number(event.target.value))} className={selectClass}>
        {clinics.map((c) => (
          <option key={c.pms_clinic_num} value={c.pms_clinic_num}>
            {c.name}
          </option>
        ))}
      </select>
    </label>
  );
}
