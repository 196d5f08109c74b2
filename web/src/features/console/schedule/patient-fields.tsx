import type { InsuranceDetails } from '#domain/booking/booking-schemas.ts';
import { LANGUAGE_NAMES, LANGUAGES } from '#domain/i18n/languages.ts';
import { FieldProblem, FormField, useField } from '../shared/console-form.tsx';
import { inputClass } from '../shared/console-styles.ts';

/** The patient's details as typed; `is_new_patient` is the radio's "new" or "returning" (none until picked). */
export interface PatientValues {
  first_name: string;
  last_name: string;
  dob: string;
  is_new_patient: string | null;
  email: string;
  wireless_phone: string;
  agreed_to_contact: boolean;
  language: string;
  message: string;
  /** Carried over from the patient's last booking (ADR 0063); none for a patient typed in. */
  insurance: InsuranceDetails | null;
}

export const EMPTY_PATIENT: PatientValues = {
  first_name: '',
  last_name: '',
  dob: '',
  is_new_patient: null,
  email: '',
  wireless_phone: '',
  agreed_to_contact: false,
  language: 'en',
  message: '',
  insurance: null,
};

/**
 * The patient's details as the front desk takes them on the phone, in a console form: a refused
 * booking keeps everything typed.
 */
export function PatientFields() {
  const field = useField();
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-lg font-semibold">Patient</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField name="first_name" label="First name">
          <input {...field('first_name')} autoComplete="off" className={inputClass} />
        </FormField>
        <FormField name="last_name" label="Last name">
          <input {...field('last_name')} autoComplete="off" className={inputClass} />
        </FormField>
        <FormField name="dob" label="Date of birth">
          <input {...field('dob')} type="date" className={inputClass} />
        </FormField>
        <fieldset className="flex flex-col gap-1">
          <legend className="font-medium">New or returning</legend>
          {[
            { value: 'new', label: 'New patient' },
            { value: 'returning', label: 'Returning patient' },
          ].map(({ value, label }) => (
            <label key={value} className="flex min-h-11 items-center gap-2">
              <input type="radio" value={value} {...field('is_new_patient')} className="size-5" />
              {label}
            </label>
          ))}
          <FieldProblem name="is_new_patient" />
        </fieldset>
        <FormField name="email" label="E-mail">
          <input {...field('email')} type="email" autoComplete="off" className={inputClass} />
        </FormField>
        <FormField name="wireless_phone" label="Mobile phone">
          <input {...field('wireless_phone')} type="tel" autoComplete="off" className={inputClass} />
        </FormField>
      </div>
      <p className="text-sm text-slate-700">
        An e-mail address or a mobile phone, or both: the confirmation goes there.
      </p>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" {...field('agreed_to_contact')} className="size-5" />
        The patient agreed to be contacted by e-mail and text message
      </label>
      <FormField name="language" label="Language of the patient’s messages">
        <select {...field('language')} className={inputClass}>
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </FormField>
      <FormField name="message" label="Note for the visit (optional)">
        <textarea {...field('message')} rows={2} maxLength={2000} className={inputClass} />
      </FormField>
    </fieldset>
  );
}

/** The patient's part of the booking body, as typed: the shared schema trims and checks it. */
export function patientBody(values: PatientValues): Record<string, unknown> {
  const status = values.is_new_patient;
  return {
    ...values,
    // Absent until one is picked: the schema says so.
    is_new_patient: status === 'new' ? true : status === 'returning' ? false : undefined,
    // A phone as people say it ("(512) 555-0100"): the separators go, anything else is for the schema to refuse.
    wireless_phone: values.wireless_phone.replace(/[\s().-]/g, ''),
    message: values.message.trim() || null,
    insurance: values.insurance ?? undefined,
  };
}
