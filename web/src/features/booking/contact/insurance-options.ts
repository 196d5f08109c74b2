import { OTHER_INSURANCE } from '#domain/booking/booking-schemas.ts';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';
import type { InsuranceChoice } from '../state/booking-state.ts';

/**
 * Spec section 3: values numbered from 1, with 'Other' first when the practice accepts other
 * insurance (its value is always 'Other'; its label, `otherLabel`, is in the patient's language).
 */
export function insuranceOptions(
  form: Pick<FormDetails, 'insurances' | 'accept_other_insurance'>,
  otherLabel: string,
): InsuranceChoice[] {
  const listed = form.insurances.map((insurance, index) => ({
    label: insurance.insuranceName,
    value: String(index + 1),
  }));
  return form.accept_other_insurance ? [{ label: otherLabel, value: OTHER_INSURANCE }, ...listed] : listed;
}

/** The notice under the dropdown for the chosen insurance, when the practice turns it on (spec section 2). */
export function insuranceNotice(form: FormDetails, choice: InsuranceChoice | null): string | null {
  if (!choice) return null;
  if (choice.value === OTHER_INSURANCE)
    return form.show_other_insurance_message ? form.other_insurance_message?.trim() || null : null;
  const insurance = form.insurances[Number(choice.value) - 1];
  if (insurance && !insurance.inNetwork && form.show_out_of_network_insurance_message)
    return form.out_of_network_insurance_message?.trim() || null;
  return null;
}
