import type { DeepPartial } from 'react-hook-form';
import type { BookingFormInput } from '#domain/booking/booking-form-schema.ts';
import type { InsuranceChoice, PatientFormDetails } from '../state/booking-state.ts';

/** The page-5 form's values, as react-hook-form holds them (the schema's input). */
export type ContactFormValues = BookingFormInput;
/** The values while the patient is typing: anything may still be missing. */
export type PartialContactValues = DeepPartial<ContactFormValues>;

/** A complete insurance choice, or null. */
export function insuranceChoiceOf(value: PartialContactValues['insurance']): InsuranceChoice | null {
  return value?.label !== undefined && value.value !== undefined ? { label: value.label, value: value.value } : null;
}

/** The stored booking state (spec section 3 naming) as the page-5 form's values, so a reload refills the form. */
export function contactFormValues(details: PatientFormDetails, hp: string): ContactFormValues {
  const insurance = details.patientInsuranceDetails;
  return {
    firstName: details.basicDetailsData.firstName,
    lastName: details.basicDetailsData.lastName,
    email: details.patientContactDetails.email,
    phone: details.patientContactDetails.phone,
    dob: details.patientDOBDetails.dob,
    message: details.patientContactDetails.message,
    // The form's own question ('Have you visited us before') may not be answered yet: the schema reports it.
    patientStatus: (details.basicDetailsData.patientStatus ?? undefined) as ContactFormValues['patientStatus'],
    bookingForSomeOne: details.bookingForSomeOne,
    companionFirstName: details.companionDetails.companionFirstName,
    companionLastName: details.companionDetails.companionLastName,
    companionDOB: details.companionDetails.companionDOB,
    haveDentalInsurance: insurance.haveDentalInsurance,
    insurance: insurance.insurance,
    insuranceProvider: insurance.insuranceProvider,
    subscribersFullName: insurance.subscribersFullName,
    subscriberDOB: insurance.subscriberDOB,
    subscriberID: insurance.subscriberID,
    groupNumber: insurance.groupNumber,
    subscriberPhone: insurance.subscriberPhone,
    agreeTextAndEmail: details.patientContactDetails.agreeTextAndEmail,
    hp,
  };
}

/** The page-5 values as the booking state's parts (the inverse of contactFormValues). */
export function patientDetailsFrom(values: PartialContactValues) {
  return {
    basicDetailsData: {
      firstName: values.firstName ?? '',
      lastName: values.lastName ?? '',
      patientStatus: values.patientStatus ?? null,
    },
    patientDOBDetails: { dob: values.dob ?? '' },
    patientInsuranceDetails: {
      insurance: insuranceChoiceOf(values.insurance),
      subscribersFullName: values.subscribersFullName ?? '',
      subscriberDOB: values.subscriberDOB ?? '',
      insuranceProvider: values.insuranceProvider ?? '',
      subscriberID: values.subscriberID ?? '',
      haveDentalInsurance: values.haveDentalInsurance ?? null,
      subscriberPhone: values.subscriberPhone ?? '',
      groupNumber: values.groupNumber ?? '',
    },
    companionDetails: {
      companionFirstName: values.companionFirstName ?? '',
      companionLastName: values.companionLastName ?? '',
      companionDOB: values.companionDOB ?? '',
    },
    patientContactDetails: {
      email: values.email ?? '',
      phone: values.phone ?? '',
      message: values.message ?? '',
      agreeTextAndEmail: values.agreeTextAndEmail ?? false,
    },
  };
}
