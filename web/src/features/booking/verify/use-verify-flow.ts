import { useRef, type FormEvent } from 'react';
import { useBookingContext } from '../booking-context.ts';
import { useBookingFormContext } from '../contact/use-booking-form-context.ts';
import { useFingerprint } from '../contact/use-fingerprint.ts';
import { useSubmitBooking } from '../contact/use-submit-booking.ts';
import { goToPage } from '../navigation/step-actions.ts';
import { PAGE } from '../navigation/step-rules.ts';
import { useBookingStore } from '../state/booking-store.ts';
import { storedBookingForm } from './stored-booking-form.ts';
import { useClock } from './use-clock.ts';
import { useCheckCode, useIsCalling, useSendCode } from './use-verification-calls.ts';
import { clearVerificationState, useVerificationStore, type HeldToken } from './verification-store.ts';
import {
  canSubmitVerification,
  contactKey,
  secondsUntil,
  TOKEN_MARGIN_MS,
  type VerificationChannel,
} from './verify-rules.ts';

const isTokenValid = (token: HeldToken | undefined, now: number) =>
  token !== undefined && token.expiresAt - TOKEN_MARGIN_MS > now;

/** Page 6's state and actions: the code's channel and countdown, the checks, and the booking after them. */
export function useVerifyFlow(clinicNum: number | null) {
  const { form } = useBookingContext();
  const { email, phone } = useBookingStore((state) => state.patientFormDetails.patientContactDetails);
  const contactOf = (channel: VerificationChannel) => (channel === 'email' ? email : phone);
  const channel = useVerificationStore((state) => state.channel);
  const code = useVerificationStore((state) => state.code);
  const hasConsent = useVerificationStore((state) => state.hasConsent);
  const sent = useVerificationStore((state) => state.sent);
  const tokens = useVerificationStore((state) => state.tokens);

  const formContext = useBookingFormContext(form);
  const fingerprint = useFingerprint();
  const { submitVerified, isLocked, isSubmitting } = useSubmitBooking({
    formContext,
    clinicNum,
    fingerprint: fingerprint ?? null,
    // The fields are on page 5: go back there, where the patient can correct them (the toast says what is wrong).
    showFieldErrors: (errors) => {
      if (errors.length > 0) goToPage(PAGE.contact);
    },
  });
  const [now, restartClock] = useClock();
  const codeRef = useRef<HTMLInputElement>(null);
  const isCalling = useIsCalling();
  const sendCode = useSendCode(form.id, codeRef, restartClock);
  const checkCode = useCheckCode(form.id, codeRef);

  const key = channel ? contactKey(channel, contactOf(channel)) : null;
  const token = key ? tokens[key] : undefined;
  const isVerified = isTokenValid(token, now);
  const isBusy = sendCode.isPending || checkCode.isPending || isSubmitting || isLocked;
  const canSubmit =
    channel !== null && fingerprint !== undefined && canSubmitVerification({ code, hasConsent, isBusy, isVerified });

  const send = (target: VerificationChannel) => {
    if (!isCalling()) sendCode.mutate({ channel: target, contact: contactOf(target) });
  };

  /** 'Use Email' / 'Use Cell Phone': switch, and send a code unless one is still usable or the contact verified. */
  const choose = (target: VerificationChannel) => {
    if (isCalling()) return;
    useVerificationStore.getState().chooseChannel(target);
    const targetKey = contactKey(target, contactOf(target));
    if (isTokenValid(tokens[targetKey], Date.now())) return;
    if ((sent[targetKey]?.expiresAt ?? 0) > Date.now()) codeRef.current?.focus();
    else send(target);
  };

  /** The proof in hand, or from verify-otp; then the booking (page 7) or the checkout. */
  const verifyAndBook = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit || !channel || isCalling()) return;
    const held = isTokenValid(token, Date.now()) ? token!.value : null;
    const proof =
      held ??
      (await checkCode.mutateAsync({ channel, contact: contactOf(channel), code }).then(
        ({ result }) => result.verification_token,
        () => null,
      ));
    if (proof === null) return;
    const values = storedBookingForm(formContext);
    if (!values) {
      goToPage(PAGE.contact);
      return;
    }
    // Booked: the proof has done its work. (For the checkout, the payment pages clear it.)
    if ((await submitVerified(values, proof)) === 'booked') clearVerificationState();
  };

  return {
    channel,
    code,
    hasConsent,
    sentCode: key ? sent[key] : undefined,
    isVerified,
    resendSeconds: key && sent[key] ? secondsUntil(sent[key].resendAt, now) : 0,
    isSending: sendCode.isPending,
    isChecking: checkCode.isPending || isSubmitting,
    isBusy,
    canSubmit,
    codeRef,
    send,
    choose,
    verifyAndBook,
  };
}
