import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingForm, BookingFormContext } from '#domain/booking/booking-form-schema.ts';
import type { BookingResult } from '#domain/booking/booking-schemas.ts';
import { showSuccessToast } from '../../../lib/toast.ts';
import { postAppointment } from '../api/appointment-api.ts';
import { solveBotChallenge } from '../api/bot-challenge.ts';
import { useBookingContext } from '../booking-context.ts';
import { goToPage } from '../navigation/step-actions.ts';
import { PAGE } from '../navigation/step-rules.ts';
import { startCheckout } from '../payment/start-checkout.ts';
import { useBookingStore } from '../state/booking-store.ts';
import { bookingBody, type BookingBody } from './booking-body.ts';
import { showBookingFailure, type ShowFieldErrors } from './booking-failure.ts';
import { patientDetailsFrom } from './contact-form-values.ts';
import { newIdempotencyKey } from './idempotency-key.ts';
import { useSubmitLock } from './use-submit-lock.ts';

/** Spec section 9: further submits stay blocked until 2 s after an attempt ends. */
export const DOUBLE_SUBMIT_LOCK_MS = 2_000;

interface SubmitOptions {
  formContext: BookingFormContext;
  clinicNum: number | null;
  fingerprint: string | null;
  showFieldErrors: ShowFieldErrors;
}

/** What a submit led to: page 6, the hosted checkout, page 7, a failure (already shown), or nothing (locked). */
export type SubmitOutcome = 'verify' | 'checkout' | 'booked' | 'failed' | 'ignored';

interface BookingWrite {
  body: BookingBody;
  isPaid: boolean;
  verificationToken: string | null;
}

type Sent = { kind: 'checkout' } | { kind: 'booked'; result: BookingResult; message: string | undefined };

/** The write itself: to the hosted checkout for a paid reason, otherwise `POST appointment`. */
async function sendBooking({ body, isPaid, verificationToken }: BookingWrite): Promise<Sent> {
  if (isPaid) {
    await startCheckout({ body, verificationToken });
    return { kind: 'checkout' };
  }
  const botChallenge = await solveBotChallenge();
  const idempotencyKey = newIdempotencyKey();
  const { result, message } = await postAppointment({ body, botChallenge, idempotencyKey, verificationToken });
  return { kind: 'booked', result, message };
}

/** Page 5's submit (spec section 4): to verification, to payment, or straight to the booking. */
export function useSubmitBooking({ formContext, clinicNum, fingerprint, showFieldErrors }: SubmitOptions) {
  const { form, referrerId } = useBookingContext();
  const queryClient = useQueryClient();
  const lock = useSubmitLock(DOUBLE_SUBMIT_LOCK_MS);
  const booking = useMutation({
    mutationFn: sendBooking,
    onSuccess: (sent) => {
      if (sent.kind !== 'booked') return;
      useBookingStore.getState().saveBookingResult(sent.result);
      if (sent.message) showSuccessToast(sent.message);
      goToPage(PAGE.confirmation);
    },
    onError: (error) => showBookingFailure(error, queryClient, showFieldErrors),
  });

  const run = async (values: BookingForm, verificationToken: string | null): Promise<SubmitOutcome> => {
    if (!lock.acquire()) return 'ignored';
    try {
      useBookingStore.getState().savePatientDetails(patientDetailsFrom(values), values.hp);
      const reason = useBookingStore.getState().patientFormDetails.reasonForVisit;
      if (!reason) return 'failed';
      // Page 6 comes back here with the proof from verify-otp.
      if (form.to_verify_patient && verificationToken === null) {
        goToPage(PAGE.verify);
        return 'verify';
      }
      const body = bookingBody(values, reason, { form, formContext, clinicNum, referrerId, fingerprint });
      const isPaid = reason.is_payment_enabled;
      const sent = await booking.mutateAsync({ body, isPaid, verificationToken }).catch(() => null);
      return sent?.kind ?? 'failed';
    } finally {
      lock.releaseLater();
    }
  };

  return {
    /** Page 5's submit (react-hook-form passes the event second, so it gets its own function). */
    submit: async (values: BookingForm) => void (await run(values, null)),
    /** Page 6's submit, once the contact is verified. */
    submitVerified: (values: BookingForm, verificationToken: string) => run(values, verificationToken),
    isLocked: lock.isLocked,
    // The browser leaves for the hosted checkout: the button stays busy until it has gone.
    isSubmitting: booking.isPending || booking.data?.kind === 'checkout',
  };
}
