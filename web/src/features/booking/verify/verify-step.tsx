import { useId, useLayoutEffect } from 'react';
import { formatPhone } from '#domain/format/phone-format.ts';
import { RadarSpinner } from '../../../components/ui/radar-spinner.tsx';
import { useMessages } from '../../../lib/i18n/use-messages.ts';
import { useBookingContext } from '../booking-context.ts';
import { FormStepFrame } from '../navigation/form-step-frame.tsx';
import { useBookingStore } from '../state/booking-store.ts';
import { useVerifyFlow } from './use-verify-flow.ts';
import { useVerificationStore, verificationSessionKey } from './verification-store.ts';
import { ChannelChoice, CodeField, ConsentBox } from './verify-fields.tsx';
import * as messages from './verify-step.messages.ts';

const FORM_ID = 'verify-form';

/**
 * Page 6 (spec sections 2, 4 and 5), reached from page 5 when the practice verifies patients:
 * a 6-digit code by e-mail or text, then the booking (page 7) or the payment (hosted checkout),
 * with the proof from verify-otp in the X-Verification-Token header.
 */
export default function VerifyStep({ clinicNum }: { clinicNum: number | null }) {
  const { form } = useBookingContext();
  const visitStartedAt = useBookingStore((state) => state.visitStartedAt);
  const sessionKey = verificationSessionKey(form.id, visitStartedAt);
  const isCurrent = useVerificationStore((state) => state.sessionKey === sessionKey);
  // Stored page-6 state of another booking is dropped before anything reads it: in an effect,
  // before the browser paints, with nothing rendered until then.
  useLayoutEffect(() => {
    if (!isCurrent) useVerificationStore.getState().begin(sessionKey);
  }, [isCurrent, sessionKey]);
  return isCurrent ? <VerifyForm clinicNum={clinicNum} /> : null;
}

function VerifyForm({ clinicNum }: { clinicNum: number | null }) {
  const t = useMessages(messages);
  const { form } = useBookingContext();
  const isPaid = useBookingStore((state) => state.patientFormDetails.reasonForVisit?.is_payment_enabled ?? false);
  const flow = useVerifyFlow(clinicNum);
  const sentence = useVerifySentence(flow);
  const { setCode, setConsent } = useVerificationStore.getState();
  const ids = useId();

  return (
    <FormStepFrame
      heading={t('heading')}
      formId={FORM_ID}
      nextLabel={isPaid ? t('verifyAndPay') : t('verifyAndSchedule')}
      isNextDisabled={!flow.canSubmit}
    >
      <form
        id={FORM_ID}
        noValidate
        onSubmit={flow.verifyAndBook}
        aria-busy={flow.isBusy}
        className="flex flex-col gap-6"
      >
        <ChannelChoice
          channel={flow.channel}
          color={form.form_customization.button_color_2}
          hasText={form.verification_channels.includes('text')}
          onChoose={flow.choose}
        />
        <p className="wrap-anywhere text-slate-700" data-testid="verify-sentence">
          {sentence}
        </p>
        {!flow.isVerified && (
          <CodeField
            id={ids}
            code={flow.code}
            codeRef={flow.codeRef}
            onCode={setCode}
            hasSent={flow.sentCode !== undefined}
            resendSeconds={flow.resendSeconds}
            isBusy={flow.isBusy}
            onResend={() => flow.channel && flow.send(flow.channel)}
          />
        )}
        {flow.isChecking && (
          <RadarSpinner label={t('checking')} color={form.form_customization.brand_color} className="justify-start" />
        )}
        <ConsentBox id={ids} isChecked={flow.hasConsent} onChange={setConsent} practiceName={form.name} />
      </form>
    </FormStepFrame>
  );
}

/** What page 6 says under the buttons: where to send, where the code went, or that the contact is verified. */
function useVerifySentence(flow: ReturnType<typeof useVerifyFlow>): string {
  const t = useMessages(messages);
  const { email, phone } = useBookingStore((state) => state.patientFormDetails.patientContactDetails);
  const { channel } = flow;
  if (!channel) return t('chooseWhere');
  const contact = { contact: channel === 'email' ? email : formatPhone(phone) };
  if (flow.isVerified) return channel === 'email' ? t('emailVerified', contact) : t('phoneVerified', contact);
  if (flow.sentCode) return channel === 'email' ? t('codeSentToEmail', contact) : t('codeSentToPhone', contact);
  if (flow.isSending) return t('sending');
  return t('chooseWhere');
}
