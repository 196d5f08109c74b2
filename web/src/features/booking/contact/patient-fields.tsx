import type { PatientStatus } from '#domain/booking/booking-schemas.ts';
import { useMessages } from '../../../lib/i18n/use-messages.ts';
import * as messages from './contact-form.messages.ts';
import { TextAreaField, TextField, ChoiceField } from './form-fields.tsx';
import { maskName, maskPhone } from './input-masks.ts';

/**
 * Spec section 2 page 5: the patient's details, the companion block when booking for someone
 * else, the visited-before question and the message. Autocomplete hints describe the person
 * typing, so they go on the companion fields when the patient is someone else.
 */
export function PatientFields({
  isForSomeoneElse,
  onlyStatus,
}: {
  isForSomeoneElse: boolean;
  onlyStatus: PatientStatus | null;
}) {
  const t = useMessages(messages);
  const visitedOptions = [
    { label: t('yes'), value: 'Returning Patient' },
    { label: t('no'), value: 'New Patient' },
  ] as const;
  const self = (hint: 'given-name' | 'family-name' | 'bday' | 'email' | 'tel') => (isForSomeoneElse ? 'off' : hint);
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="firstName"
          label={isForSomeoneElse ? t('patientFirstName') : t('firstName')}
          mask={maskName}
          autoComplete={self('given-name')}
        />
        <TextField
          name="lastName"
          label={isForSomeoneElse ? t('patientLastName') : t('lastName')}
          mask={maskName}
          autoComplete={self('family-name')}
        />
        <TextField
          name="email"
          label={t('email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
        />
        <TextField
          name="phone"
          label={t('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          mask={maskPhone}
          maxLength={20}
        />
        <TextField
          name="dob"
          label={isForSomeoneElse ? t('patientDob') : t('dob')}
          isDate
          autoComplete={self('bday')}
        />
      </div>
      {isForSomeoneElse && (
        <section aria-labelledby="companion-heading" className="flex flex-col gap-4">
          <h3 id="companion-heading" className="text-lg font-semibold text-slate-900">
            {t('yourDetails')}
          </h3>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField name="companionFirstName" label={t('yourFirstName')} mask={maskName} autoComplete="given-name" />
            <TextField name="companionLastName" label={t('yourLastName')} mask={maskName} autoComplete="family-name" />
            <TextField name="companionDOB" label={t('yourDob')} isDate autoComplete="bday" />
          </div>
        </section>
      )}
      {/* A reason for one kind of patient only: the answer is given, and said at the top of the form. */}
      {!onlyStatus && (
        <ChoiceField
          name="patientStatus"
          legend={isForSomeoneElse ? t('theyVisitedBefore') : t('visitedBefore')}
          options={visitedOptions}
        />
      )}
      <TextAreaField name="message" label={t('message')} placeholder={t('messagePlaceholder')} rows={3} />
    </>
  );
}
