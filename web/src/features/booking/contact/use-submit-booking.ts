import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { toBookingBody, type BookingForm, type BookingFormContext } from '#domain/booking/booking-form-schema.ts';
import { WIRE_TO_FORM_FIELD } from '#domain/booking/booking-schemas.ts';
import { ApiError, isUnknownApiError } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n/language-state.ts';
import { translate } from '../../../lib/i18n/use-messages.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { startCheckout } from '../payment/start-checkout.ts';
import { postAppointment } from '../api/appointment-api.ts';
import { solveBotChallenge } from '../api/bot-challenge.ts';
import { SLOTS_QUERY_ROOT } from '../api/slots-api.ts';
import { useBookingContext } from '../booking-context.ts';
import { goToPage } from '../navigation/step-actions.ts';
import { PAGE } from '../navigation/step-rules.ts';
import * as slotStepMessages from '../steps/slot-step.messages.ts';
import { useBookingStore } from '../state/booking-store.ts';
import * as bookingTexts from '#domain/booking/booking-texts.messages.ts';
import { useUiStore } from '../state/ui-store.ts';
import { browserEnvironment, collectVisitData } from '../tracking/visit-data.ts';
import { sourceMetaFrom, utmDetailsFrom } from '../tracking/marketing-params.ts';
import { patientDetailsFrom, type ContactFormValues } from './contact-form-values.ts';
import { newIdempotencyKey } from './idempotency-key.ts';

/** Spec section 9: further submits stay blocked until 2 s after an attempt ends. */
export const DOUBLE_SUBMIT_LOCK_MS = 2_000;

/** Shows the server's messages at their fields (all at once, so focusing one does not re-validate another). */
type ShowFieldErrors = (errors: [field: keyof ContactFormValues, message: string][]) => void;

interface SubmitOptions {
  formContext: BookingFormContext;
  clinicNum: number | null;
  fingerprint: string | null;
  showFieldErrors: ShowFieldErrors;
}

/** What a submit led to: page 6, the hosted checkout, page 7, a failure (already shown), or nothing (locked). */
export type SubmitOutcome = 'verify' | 'checkout' | 'booked' | 'failed' | 'ignored';

/** Page 5's submit (spec section 4): to verification, to payment, or straight to the booking. */
export function useSubmitBooking({ formContext, clinicNum, fingerprint, showFieldErrors }: SubmitOptions) {
  const { form, referrerId } = useBookingContext();
  const queryClient = useQueryClient();
  const isLockedRef = useRef(false);
  const [isLocked, setIsLocked] = useState(false);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const release = () =>
    setTimeout(() => {
      isLockedRef.current = false;
      setIsLocked(false);
    }, DOUBLE_SUBMIT_LOCK_MS);

  const run = async (values: BookingForm, verificationToken: string | null): Promise<SubmitOutcome> => {
    if (isLockedRef.current) return 'ignored';
    isLockedRef.current = true;
    setIsLocked(true);
    const store = useBookingStore.getState();
    store.savePatientDetails(patientDetailsFrom(values), values.hp);
    const details = useBookingStore.getState().patientFormDetails;
    const reason = details.reasonForVisit;
    let isLeaving = false;
    try {
      if (!reason) return 'failed';
      // Page 6 comes back here with the proof from verify-otp.
      if (form.to_verify_patient && verificationToken === null) {
        goToPage(PAGE.verify);
        return 'verify';
      }
      setIsSubmitting(true);
      const slot = details.bookingSlotDetails;
      const visit = useBookingStore.getState().patientVisitDuration;
      const search = new URLSearchParams(window.location.search);
      const body = {
        ...toBookingBody(
          values,
          {
            practiceId: form.id,
            reasonForVisitId: reason.id,
            pmsProvNum: slot?.provNum ?? details.providerDetails?.pms_prov_num ?? 0,
            pmsOpNum: slot?.opNum ?? 0,
            pmsClinicNum: clinicNum,
            slot: slot && visit ? { date: slot.date, startTime: visit.startTime, endTime: visit.endTime } : null,
            referrerId,
          },
          formContext,
        ),
        // Issue 18's lifecycle field: every later message to the patient follows the language they booked in.
        language: currentLanguage(),
        user_meta: collectVisitData(
          {
            visitStartedAt: store.visitStartedAt,
            now: new Date(),
            fingerprint,
            hasInsurance: formContext.toShowInsurances && values.haveDentalInsurance === 'Yes',
            hasUserVerification: form.to_verify_patient,
          },
          browserEnvironment(),
        ),
        source_meta: sourceMetaFrom(search, document.cookie),
        utm_details: utmDetailsFrom(search),
      };
      if (reason.is_payment_enabled) {
        // The browser leaves for the hosted checkout: the button stays busy until it has gone.
        await startCheckout({ body, verificationToken });
        isLeaving = true;
        return 'checkout';
      }
      const botChallenge = await solveBotChallenge();
      const { result, message } = await postAppointment({
        body,
        botChallenge,
        idempotencyKey: newIdempotencyKey(),
        verificationToken,
      });
      useBookingStore.getState().saveBookingResult(result);
      if (message) showSuccessToast(message);
      goToPage(PAGE.confirmation);
      return 'booked';
    } catch (error) {
      handleFailure(error);
      return 'failed';
    } finally {
      if (!isLeaving) setIsSubmitting(false);
      release();
    }
  };

  /** Page 5's submit (react-hook-form passes the event second, so it gets its own function). */
  const submit = async (values: BookingForm) => {
    await run(values, null);
  };

  /** Page 6's submit, once the contact is verified. */
  const submitVerified = (values: BookingForm, verificationToken: string) => run(values, verificationToken);

  const handleFailure = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      console.error('The booking could not be sent', error);
      showErrorToast(null);
      return;
    }
    if (error.code === 'SLOT_TAKEN' || error.code === 'SLOT_UNAVAILABLE') {
      // Everything typed stays; only the slot is given back, and the list is fetched afresh.
      const isTaken = error.code === 'SLOT_TAKEN';
      useBookingStore.getState().resetSlot();
      useUiStore.getState().setSlotRefusal(isTaken ? 'taken' : 'unavailable');
      void queryClient.invalidateQueries({ queryKey: [SLOTS_QUERY_ROOT] });
      showErrorToast(isTaken ? translate(slotStepMessages, 'slotTaken') : translate(bookingTexts, 'slotUnavailable'));
      goToPage(PAGE.slot);
      return;
    }
    if (error.code === 'VALIDATION_FAILED' && error.fields) {
      const errors: [keyof ContactFormValues, string][] = [];
      for (const [wireName, message] of Object.entries(error.fields)) {
        const field = WIRE_TO_FORM_FIELD[wireName];
        if (field) errors.push([field as keyof ContactFormValues, message]);
      }
      showFieldErrors(errors);
    }
    showErrorToast(isUnknownApiError(error) ? null : error.message);
  };

  return { submit, submitVerified, isLocked, isSubmitting };
}
