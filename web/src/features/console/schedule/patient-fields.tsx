import { LANGUAGE_NAMES, LANGUAGES } from '#domain/i18n/languages.ts';
import { describedBy, Field, FieldProblem, type FieldProblems } from './desk-field-errors.tsx';
import { inputClass } from '../shared/console-styles.ts';

interface PatientFieldsProps {
  /** The form's id, for the error texts' ids. */
  form: string;
  problems: FieldProblems;
}

/**
 * The patient's details as the front desk takes them on the phone. The fields are not controlled:
 * the form is read once on submit, so a refused booking keeps everything typed.
 */
export function PatientFields({ form, problems }: PatientFieldsProps) {
  const field = (name: string) => ({ name, ...describedBy(form, name, problems) });
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-lg font-semibold">Patient</legend>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field form={form} field="first_name" problems={problems} label="First name">
          <input {...field('first_name')} autoComplete="off" className={inputClass} />
        </Field>
        <Field form={form} field="last_name" problems={problems} label="Last name">
          <input {...field('last_name')} autoComplete="off" className={inputClass} />
        </Field>
        <Field form={form} field="dob" problems={problems} label="Date of birth">
          <input {...field('dob')} type="date" className={inputClass} />
        </Field>
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
          <FieldProblem form={form} field="is_new_patient" problems={problems} />
        </fieldset>
        <Field form={form} field="email" problems={problems} label="E-mail">
          <input {...field('email')} type="email" autoComplete="off" className={inputClass} />
        </Field>
        <Field form={form} field="wireless_phone" problems={problems} label="Mobile phone">
          <input {...field('wireless_phone')} type="tel" autoComplete="off" className={inputClass} />
        </Field>
      </div>
      <p className="text-sm text-slate-700">
        An e-mail address or a mobile phone, or both: the confirmation goes there.
      </p>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" {...field('agreed_to_contact')} className="size-5" />
        The patient agreed to be contacted by e-mail and text message
      </label>
      <Field form={form} field="language" problems={problems} label="Language of the patient’s messages">
        <select {...field('language')} defaultValue="en" className={inputClass}>
          {LANGUAGES.map((language) => (
            <option key={language} value={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </Field>
      <Field form={form} field="message" problems={problems} label="Note for the visit (optional)">
        <textarea {...field('message')} rows={2} maxLength={2000} className={inputClass} />
      </Field>
    </fieldset>
  );
}

/** The patient's part of the booking body, as typed: the shared schema trims and checks it, so nothing is assumed here. */
export function readPatient(form: FormData): Record<string, unknown> {
  const text = (name: string) => String(form.get(name) ?? '');
  const status = form.get('is_new_patient');
  return {
    first_name: text('first_name'),
    last_name: text('last_name'),
    dob: text('dob'),
    // Absent until one is picked: the schema says so.
    is_new_patient: status === 'new' ? true : status === 'returning' ? false : undefined,
    email: text('email'),
    // A phone as people say it ("(512) 555-0100"): the separators go, anything else is for the schema to refuse.
    wireless_phone: text('wireless_phone').replace(/[\s().-]/g, ''),
    message: text('message').trim() || null,
    language: text('language'),
    agreed_to_contact: form.get('agreed_to_contact') === 'on',
  };
}
