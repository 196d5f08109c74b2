import { usDateToIso } from '#domain/booking/booking-field-rules.ts';
import { OTHER_INSURANCE } from '#domain/booking/booking-schemas.ts';
import { insuranceChoiceOf, type PartialContactValues } from './contact-form-values.ts';

export interface SubmitContext {
  /** The practice's date, "YYYY-MM-DD": birth dates must be before it. */
  today: string;
  toShowInsurances: boolean;
  toVerifyPatient: boolean;
  optionalInsuranceFields: readonly ('groupNumber' | 'subscriberPhone')[];
}

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/** A complete "MM/DD/YYYY" that is a real date before today. */
export function isValidBirthDate(text: string | null | undefined, today: string): boolean {
  const iso = text ? usDateToIso(text) : null;
  return iso !== null && iso < today;
}

/** Spec section 5: the date message shows only once the input is complete and still not a valid date. */
export function isCompleteDate(text: string | null | undefined): boolean {
  return typeof text === 'string' && /^\d{2}\/\d{2}\/\d{4}$/.test(text);
}

/** Spec section 5: the page-5 submit button stays disabled until every one of these holds. */
export function canSubmitContactForm(values: PartialContactValues, context: SubmitContext): boolean {
  if (!isValidBirthDate(values.dob, context.today)) return false;
  if (![values.email, values.firstName, values.lastName, values.phone].every(filled)) return false;
  if (!context.toVerifyPatient && !values.agreeTextAndEmail) return false;
  if (values.bookingForSomeOne) {
    if (!filled(values.companionFirstName) || !filled(values.companionLastName)) return false;
    if (!isValidBirthDate(values.companionDOB, context.today)) return false;
  }
  if (!context.toShowInsurances) return true;
  if (values.haveDentalInsurance !== 'Yes' && values.haveDentalInsurance !== 'No') return false;
  if (values.haveDentalInsurance === 'No') return true;
  const insurance = insuranceChoiceOf(values.insurance);
  if (!insurance) return false;
  if (!filled(values.subscribersFullName) || !isValidBirthDate(values.subscriberDOB, context.today) || !filled(values.subscriberID)) return false;
  if (context.optionalInsuranceFields.includes('groupNumber') && !filled(values.groupNumber)) return false;
  if (context.optionalInsuranceFields.includes('subscriberPhone') && !filled(values.subscriberPhone)) return false;
  if (insurance.value === OTHER_INSURANCE && !filled(values.insuranceProvider)) return false;
  return true;
}

export type SubmitLabel = 'Next' | 'Pay & Schedule' | 'Submitting' | 'Submit';

/** Spec section 2 page 5, in the spec's order: verification, payment, in progress, otherwise Submit. */
export function submitLabel(options: { toVerifyPatient: boolean; isPaymentEnabled: boolean; isSubmitting: boolean }): SubmitLabel {
  if (options.toVerifyPatient) return 'Next';
  if (options.isPaymentEnabled) return 'Pay & Schedule';
  if (options.isSubmitting) return 'Submitting';
  return 'Submit';
}
