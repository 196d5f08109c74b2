import { toBookingBody, type BookingForm, type BookingFormContext } from '#domain/booking/booking-form-schema.ts';
import type { FormDetails, ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import { currentLanguage } from '../../../lib/i18n/language-state.ts';
import { useBookingStore } from '../state/booking-store.ts';
import { sourceMetaFrom, utmDetailsFrom } from '../tracking/booking-marketing.ts';
import { browserEnvironment, collectVisitData } from '../tracking/visit-data.ts';

export interface BookingBodyOptions {
  form: FormDetails;
  formContext: BookingFormContext;
  clinicNum: number | null;
  referrerId: string | null;
  fingerprint: string | null;
}

/**
 * Spec section 4: the body of `POST appointment` (and of the checkout) from the typed values and
 * the stored choices (provider, slot), with the visit data and marketing details.
 */
export function bookingBody(values: BookingForm, reason: ReasonForVisit, options: BookingBodyOptions) {
  const { form, formContext, clinicNum, referrerId, fingerprint } = options;
  const { patientFormDetails: details, patientVisitDuration: visit, visitStartedAt } = useBookingStore.getState();
  const slot = details.bookingSlotDetails;
  const search = new URLSearchParams(window.location.search);
  // First Available (or no provider step) asks for any provider free at the time when the booking
  // goes in, not the one the slot list showed: that one may be taken meanwhile (ADR 0062).
  const isAnyProvider = (details.providerDetails?.pms_prov_num ?? 0) === 0;
  const choices = {
    practiceId: form.id,
    reasonForVisitId: reason.id,
    pmsProvNum: isAnyProvider ? 0 : (slot?.provNum ?? details.providerDetails?.pms_prov_num ?? 0),
    pmsOpNum: isAnyProvider ? 0 : (slot?.opNum ?? 0),
    pmsClinicNum: clinicNum,
    slot: slot && visit ? { date: slot.date, startTime: visit.startTime, endTime: visit.endTime } : null,
    referrerId,
  };
  const visitFacts = {
    visitStartedAt,
    now: new Date(),
    fingerprint,
    hasInsurance: formContext.toShowInsurances && values.haveDentalInsurance === 'Yes',
    hasUserVerification: form.to_verify_patient,
  };
  return {
    ...toBookingBody(values, choices, formContext),
    // Every later message to the patient follows the language they booked in (ADR 0034).
    language: currentLanguage(),
    user_meta: collectVisitData(visitFacts, browserEnvironment()),
    source_meta: sourceMetaFrom(search, document.cookie),
    utm_details: utmDetailsFrom(search),
  };
}

export type BookingBody = ReturnType<typeof bookingBody>;
