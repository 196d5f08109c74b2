import { useId, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { BookingFormContext } from '#domain/booking/booking-form-schema.ts';
import { formatPhone } from '#domain/format/phone-format.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { BrandButton } from '../../../components/ui/brand-button.tsx';
import { RadarSpinner } from '../../../components/ui/radar-spinner.tsx';
import { ApiError, isUnknownApiError } from '../../../lib/api-client.ts';
import { translate, useMessages } from '../../../lib/i18n/use-messages.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { useBookingContext } from '../booking-context.ts';
import { useFingerprint } from '../contact/use-fingerprint.ts';
import { useSubmitBooking } from '../contact/use-submit-booking.ts';
import { goToPage } from '../navigation/step-actions.ts';
import { StepFrame } from '../navigation/step-frame.tsx';
import { StepNavigation } from '../navigation/step-navigation.tsx';
import { PAGE } from '../navigation/step-rules.ts';
import { ConsentWords } from '../shared-texts.tsx';
import { useBookingStore } from '../state/booking-store.ts';
import { storedBookingForm } from './stored-booking-form.ts';
import { useClock } from './use-clock.ts';
import { sendOtp, verifyOtp } from './verification-api.ts';
import {
  clearVerificationState,
  useVerificationStore,
  verificationSessionKey,
  type HeldToken,
} from './verification-store.ts';
import {
  canSubmitVerification,
  contactKey,
  otpRecipient,
  sanitiseCode,
  secondsUntil,
  TOKEN_MARGIN_MS,
  type VerificationChannel,
} from './verify-rules.ts';
import * as messages from './verify-step.messages.ts';

const FORM_ID = 'verify-form';
/** Used when the server's expiry cannot be read: well inside its 30 minutes. */
const FALLBACK_TOKEN_LIFETIME_MS = 20 * 60_000;

/** Spec section 8: the server's message, or 'Something went wrong'. */
const messageOf = (error: unknown) => (error instanceof ApiError && !isUnknownApiError(error) ? error.message : null);

const isTokenValid = (token: HeldToken | undefined, now: number) =>
  token !== undefined && token.expiresAt - TOKEN_MARGIN_MS > now;

/**
 * Page 6 (spec sections 2, 4 and 5), reached from page 5 when the practice verifies patients:
 * a 6-digit code by e-mail or text, then the booking (page 7) or the payment (hosted checkout),
 * with the proof from verify-otp in the X-Verification-Token header.
 */
export default function VerifyStep({ clinicNum }: { clinicNum: number | null }) {
  const t = useMessages(messages);
  const { form } = useBookingContext();
  const details = useBookingStore((state) => state.patientFormDetails);
  const visitStartedAt = useBookingStore((state) => state.visitStartedAt);
  const isPaid = details.reasonForVisit?.is_payment_enabled ?? false;
  const email = details.patientContactDetails.email;
  const phone = details.patientContactDetails.phone;
  const contactOf = (channel: VerificationChannel) => (channel === 'email' ? email : phone);

  // Before the first read: stored page-6 state of another booking is dropped.
  useState(() => {
    useVerificationStore.getState().begin(verificationSessionKey(form.id, visitStartedAt));
    return true;
  });
  const channel = useVerificationStore((state) => state.channel);
  const code = useVerificationStore((state) => state.code);
  const hasConsent = useVerificationStore((state) => state.hasConsent);
  const sent = useVerificationStore((state) => state.sent);
  const tokens = useVerificationStore((state) => state.tokens);
  const { chooseChannel, setCode, setConsent, recordSent, saveToken } = useVerificationStore.getState();

  const [today] = useState(() => localDateOf(Date.now(), form.server_tz));
  const formContext = useMemo<BookingFormContext>(
    () => ({
      today,
      toShowInsurances: form.to_show_insurances,
      optionalInsuranceFields: form.optional_insurance_fields,
      toVerifyPatient: form.to_verify_patient,
    }),
    [today, form.to_show_insurances, form.optional_insurance_fields, form.to_verify_patient],
  );
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
  const [isSending, setIsSending] = useState(false);
  const [isVerifying, setIsVerifying] = useState(false);
  const isBusyRef = useRef(false);
  const codeRef = useRef<HTMLInputElement>(null);
  const ids = useId();

  const key = channel ? contactKey(channel, contactOf(channel)) : null;
  const sentCode = key ? sent[key] : undefined;
  const token = key ? tokens[key] : undefined;
  const isVerified = isTokenValid(token, now);
  const resendSeconds = sentCode ? secondsUntil(sentCode.resendAt, now) : 0;
  const isBusy = isSending || isVerifying || isSubmitting || isLocked;
  const canSubmit =
    channel !== null && fingerprint !== undefined && canSubmitVerification({ code, hasConsent, isBusy, isVerified });

  const send = async (target: VerificationChannel) => {
    if (isBusyRef.current) return;
    isBusyRef.current = true;
    setIsSending(true);
    // An older code is of no use once a new one is on its way; what is typed from here on is the new one.
    setCode('');
    const contact = contactOf(target);
    try {
      const { result, message } = await sendOtp({
        recipient: otpRecipient(target, contact),
        verification_type: target,
        practice_id: form.id,
      });
      const sentAt = Date.now();
      recordSent(contactKey(target, contact), {
        resendAt: sentAt + result.resend_in_seconds * 1_000,
        expiresAt: sentAt + result.expires_in_seconds * 1_000,
      });
      restartClock();
      showSuccessToast(
        message ??
          (target === 'email' ? translate(messages, 'codeSentEmailToast') : translate(messages, 'codeSentPhoneToast')),
      );
      codeRef.current?.focus();
    } catch (error) {
      showErrorToast(messageOf(error));
    } finally {
      isBusyRef.current = false;
      setIsSending(false);
    }
  };

  /**
   * 'Use Email' / 'Use Cell Phone': switch, and send a code unless one is still usable (or the contact
   * is verified).
   */
  const choose = (target: VerificationChannel) => {
    if (isBusyRef.current) return;
    chooseChannel(target);
    const targetKey = contactKey(target, contactOf(target));
    const current = Date.now();
    if (isTokenValid(tokens[targetKey], current)) return;
    const live = sent[targetKey];
    if (live && live.expiresAt > current) {
      codeRef.current?.focus();
      return;
    }
    void send(target);
  };

  const verifyAndBook = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit || !channel || !key || isBusyRef.current) return;
    isBusyRef.current = true;
    setIsVerifying(true);
    const contact = contactOf(channel);
    try {
      let proof = isTokenValid(token, Date.now()) ? token!.value : null;
      if (proof === null) {
        try {
          const { result, message } = await verifyOtp({
            recipient: otpRecipient(channel, contact),
            verification_type: channel,
            otp: code,
            practice_id: form.id,
          });
          const expiresAt = Date.parse(result.expires_at);
          saveToken(key, {
            value: result.verification_token,
            expiresAt: Number.isFinite(expiresAt) ? expiresAt : Date.now() + FALLBACK_TOKEN_LIFETIME_MS,
          });
          proof = result.verification_token;
          if (message) showSuccessToast(message);
        } catch (error) {
          // Spec sections 4 and 8: a failed check clears the code and shows the server's message.
          setCode('');
          showErrorToast(messageOf(error));
          codeRef.current?.focus();
          return;
        }
      }
      const values = storedBookingForm(formContext);
      if (!values) {
        goToPage(PAGE.contact);
        return;
      }
      const outcome = await submitVerified(values, proof);
      // Booked: the proof has done its work. (For the checkout, the payment pages clear it.)
      if (outcome === 'booked') clearVerificationState();
    } finally {
      isBusyRef.current = false;
      setIsVerifying(false);
    }
  };

  const shownContact = channel === 'email' ? email : channel === 'text' ? formatPhone(phone) : '';
  const sentence = (() => {
    const contact = { contact: shownContact };
    if (!channel) return t('chooseWhere');
    if (isVerified) return channel === 'email' ? t('emailVerified', contact) : t('phoneVerified', contact);
    if (sentCode) return channel === 'email' ? t('codeSentToEmail', contact) : t('codeSentToPhone', contact);
    if (isSending) return t('sending');
    return t('chooseWhere');
  })();

  return (
    <StepFrame
      heading={t('heading')}
      navigation={
        <StepNavigation
          submitsForm={FORM_ID}
          nextLabel={isPaid ? t('verifyAndPay') : t('verifyAndSchedule')}
          isNextDisabled={!canSubmit}
        />
      }
    >
      <form id={FORM_ID} noValidate onSubmit={verifyAndBook} aria-busy={isBusy} className="flex flex-col gap-6">
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 font-medium text-slate-900">{t('sendBy')}</legend>
          <div className="flex flex-wrap gap-3">
            <ChannelButton
              color={form.form_customization.button_color_2}
              isPressed={channel === 'email'}
              onClick={() => choose('email')}
            >
              {t('useEmail')}
            </ChannelButton>
            {/* A server without texts offers e-mail only (ADR 0029). */}
            {form.verification_channels.includes('text') && (
              <ChannelButton
                color={form.form_customization.button_color_2}
                isPressed={channel === 'text'}
                onClick={() => choose('text')}
              >
                {t('usePhone')}
              </ChannelButton>
            )}
          </div>
        </fieldset>
        <p className="wrap-anywhere text-slate-700" data-testid="verify-sentence">
          {sentence}
        </p>
        {!isVerified && (
          <div className="flex flex-col gap-3">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${ids}-code`} className="font-medium text-slate-900">
                {t('codeLabel')}
              </label>
              <input
                id={`${ids}-code`}
                ref={codeRef}
                name="otp"
                type="text"
                inputMode="numeric"
                autoComplete="one-time-code"
                value={code}
                onChange={(event) => setCode(sanitiseCode(event.target.value))}
                aria-describedby={`${ids}-code-hint`}
                className="w-48 rounded-md border border-slate-400 bg-white px-3 py-2 font-mono text-lg tracking-[0.3em] text-slate-900"
              />
              <p id={`${ids}-code-hint`} className="text-sm text-slate-600">
                {t('codeHint')}
              </p>
            </div>
            {sentCode && (
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <button
                  type="button"
                  onClick={() => void send(channel!)}
                  disabled={resendSeconds > 0 || isBusy}
                  aria-describedby={resendSeconds > 0 ? `${ids}-resend` : undefined}
                  className="min-h-10 font-semibold text-slate-900 underline underline-offset-2 disabled:cursor-not-allowed disabled:text-slate-500 disabled:no-underline"
                >
                  {t('sendAgain')}
                </button>
                {resendSeconds > 0 && (
                  <span id={`${ids}-resend`} className="text-slate-700">
                    {t('resendIn', { seconds: resendSeconds })}
                  </span>
                )}
              </div>
            )}
          </div>
        )}
        {isVerifying && (
          <RadarSpinner label={t('checking')} color={form.form_customization.brand_color} className="justify-start" />
        )}
        <label htmlFor={`${ids}-consent`} className="flex cursor-pointer items-start gap-3 text-slate-900">
          <input
            id={`${ids}-consent`}
            type="checkbox"
            checked={hasConsent}
            onChange={(event) => setConsent(event.target.checked)}
            className="mt-0.5 size-5 shrink-0 accent-slate-800"
          />
          <span>
            <ConsentWords place="verification_step" practiceName={form.name} />
          </span>
        </label>
      </form>
    </StepFrame>
  );
}

interface ChannelButtonProps {
  color: string | null | undefined;
  isPressed: boolean;
  onClick: () => void;
  children: ReactNode;
}

/** A toggle: pressed is the channel in use; pressing the other sends a code there. */
function ChannelButton({ color, isPressed, onClick, children }: ChannelButtonProps) {
  return (
    <BrandButton color={color} variant={isPressed ? 'solid' : 'outline'} aria-pressed={isPressed} onClick={onClick}>
      {children}
    </BrandButton>
  );
}
