import { submitBlockers, type createBookingFormSchema } from '#domain/booking/booking-form-schema.ts';
import { intlLocale } from '../../../lib/i18n/language-state.ts';
import { useMessages } from '../../../lib/i18n/use-messages.ts';
import * as formMessages from './contact-form.messages.ts';
import * as messages from './submit-hint.messages.ts';

type FieldLabel = keyof typeof formMessages.en;

/** Each form field's label as the form shows it (the patient's own, or someone else's). */
const LABEL_OF: Record<string, FieldLabel | { self: FieldLabel; other: FieldLabel }> = {
  firstName: { self: 'firstName', other: 'patientFirstName' },
  lastName: { self: 'lastName', other: 'patientLastName' },
  email: 'email',
  phone: 'phone',
  dob: { self: 'dob', other: 'patientDob' },
  companionFirstName: 'yourFirstName',
  companionLastName: 'yourLastName',
  companionDOB: 'yourDob',
  message: 'message',
  haveDentalInsurance: 'insuranceHeading',
  insurance: 'insuranceLabel',
  insuranceProvider: 'insuranceProvider',
  subscribersFullName: 'subscriberFullName',
  subscriberDOB: 'subscriberDob',
  subscriberID: 'subscriberId',
  groupNumber: 'groupNumber',
  subscriberPhone: 'subscriberPhone',
};

export interface SubmitState {
  schema: ReturnType<typeof createBookingFormSchema>;
  values: Record<string, unknown>;
  practiceName: string;
  /** Undefined while the fingerprint is still being computed (the form is getting ready). */
  fingerprint: string | null | undefined;
  isLocked: boolean;
  isSubmitting: boolean;
}

/**
 * Why page 5's submit button is disabled, for every reason it can be (ADR 0060): a field to
 * complete, the consent, the form still getting ready, a submit in progress or just ended. Null
 * exactly when the button is enabled, so the button and its hint cannot disagree.
 */
export function useSubmitHint(state: SubmitState): string | null {
  const t = useMessages(messages);
  const label = useMessages(formMessages);
  if (state.isSubmitting) return t('sending');
  if (state.isLocked) return t('locked');
  // The fields the shared schema finds blocking: the same rule as the server's (ADR 0060).
  const blockers = submitBlockers(state.schema, state.values);
  const isForSomeoneElse = state.values.bookingForSomeOne === true;
  const fields = blockers
    .filter((field) => field !== 'agreeTextAndEmail')
    .map((field) => LABEL_OF[field])
    .filter((key) => key !== undefined)
    .map((key) => label(typeof key === 'string' ? key : isForSomeoneElse ? key.other : key.self));
  const lines = [
    fields.length > 0
      ? t('complete', { fields: new Intl.ListFormat(intlLocale(), { type: 'conjunction' }).format(fields) })
      : null,
    blockers.includes('agreeTextAndEmail') ? t('consent', { practice: state.practiceName }) : null,
    state.fingerprint === undefined ? t('preparing') : null,
  ].filter((line): line is string => line !== null);
  return lines.length > 0 ? lines.join(' ') : null;
}
