import type { PatientStatus } from '#domain/booking/booking-schemas.ts';
import { TextAreaField, TextField, ChoiceField } from './form-fields.tsx';
import { maskName, maskPhone } from './input-masks.ts';

const VISITED_OPTIONS = [
  { label: 'Yes', value: 'Returning Patient' },
  { label: 'No', value: 'New Patient' },
] as const;

export const MESSAGE_PLACEHOLDER = 'Enter your message...';

/**
 * Spec section 2 page 5: the patient's details, the companion block when booking for someone
 * else, the visited-before question and the message. Autocomplete hints describe the person
 * typing, so they go on the companion fields when the patient is someone else.
 */
export function PatientFields({ isForSomeoneElse, onlyStatus }: { isForSomeoneElse: boolean; onlyStatus: PatientStatus | null }) {
  const self = (hint: 'given-name' | 'family-name' | 'bday' | 'email' | 'tel') => (isForSomeoneElse ? 'off' : hint);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField name="firstName" label={isForSomeoneElse ? "Patient's First Name" : 'First Name'} mask={maskName} autoComplete={self('given-name')} />
        <TextField name="lastName" label={isForSomeoneElse ? "Patient's Last Name" : 'Last Name'} mask={maskName} autoComplete={self('family-name')} />
        <TextField name="email" label="Email" type="email" inputMode="email" autoComplete="email" maxLength={254} />
        <TextField name="phone" label="Phone" type="tel" inputMode="tel" autoComplete="tel" mask={maskPhone} maxLength={20} />
        <TextField name="dob" label={isForSomeoneElse ? "Patient's Date of Birth" : 'Date of Birth'} isDate autoComplete={self('bday')} />
      </div>
      {isForSomeoneElse && (
        <section aria-labelledby="companion-heading" className="flex flex-col gap-4">
          <h3 id="companion-heading" className="text-lg font-semibold text-slate-900">
            Your details
          </h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="companionFirstName" label="Your First Name" mask={maskName} autoComplete="given-name" />
            <TextField name="companionLastName" label="Your Last Name" mask={maskName} autoComplete="family-name" />
            <TextField name="companionDOB" label="Your Date of Birth" isDate autoComplete="bday" />
          </div>
        </section>
      )}
      {/* A reason for one kind of patient only: the answer is given, and said at the top of the form. */}
      {!onlyStatus && (
        <ChoiceField name="patientStatus" legend={isForSomeoneElse ? 'Have they visited us before' : 'Have you visited us before'} options={VISITED_OPTIONS} />
      )}
      <TextAreaField name="message" label="Message" placeholder={MESSAGE_PLACEHOLDER} rows={3} />
    </>
  );
}
