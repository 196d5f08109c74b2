import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RefObject } from 'react';
import { ApiError, isUnknownApiError } from '../../../lib/api-client.ts';
import { translate } from '../../../lib/i18n/use-messages.ts';
import { showErrorToast, showSuccessToast } from '../../../lib/toast.ts';
import { sendOtp, verifyOtp } from './verification-api.ts';
import { useVerificationStore } from './verification-store.ts';
import { contactKey, otpRecipient, type VerificationChannel } from './verify-rules.ts';
import * as messages from './verify-step.messages.ts';
import { funnelEvent } from '../tracking/funnel-beacon.ts';

/** Both calls of page 6 share one key: while either is out, neither starts again. */
const VERIFICATION_CALL = ['verification-call'] as const;
/** Used when the server's expiry cannot be read: well inside its 30 minutes. */
const FALLBACK_TOKEN_LIFETIME_MS = 20 * 60_000;

/** Spec section 8: the server's message, or 'Something went wrong'. */
const messageOf = (error: unknown) => (error instanceof ApiError && !isUnknownApiError(error) ? error.message : null);

export interface CodeTarget {
  channel: VerificationChannel;
  contact: string;
}

/**
 * Whether a send-otp or verify-otp call is out, read from the query client at once (a second
 * click in the same tick, before React renders the pending state, sees it too).
 */
export function useIsCalling(): () => boolean {
  const queryClient = useQueryClient();
  return () => queryClient.isMutating({ mutationKey: VERIFICATION_CALL }) > 0;
}

/** `send-otp` (spec section 4): records when "Send again" opens and the code expires, and says where it went. */
export function useSendCode(practiceId: string, codeRef: RefObject<HTMLInputElement | null>, onSent: () => void) {
  return useMutation({
    mutationKey: VERIFICATION_CALL,
    // An older code is of no use once a new one is on its way; what is typed from here on is the new one.
    onMutate: () => useVerificationStore.getState().setCode(''),
    mutationFn: ({ channel, contact }: CodeTarget) =>
      sendOtp({ recipient: otpRecipient(channel, contact), verification_type: channel, practice_id: practiceId }),
    onSuccess: ({ result, message }, { channel, contact }) => {
      const sentAt = Date.now();
      useVerificationStore.getState().recordSent(contactKey(channel, contact), {
        resendAt: sentAt + result.resend_in_seconds * 1_000,
        expiresAt: sentAt + result.expires_in_seconds * 1_000,
      });
      onSent();
      funnelEvent('code_sent');
      const sentTo = channel === 'email' ? 'codeSentEmailToast' : 'codeSentPhoneToast';
      showSuccessToast(message ?? translate(messages, sentTo));
      codeRef.current?.focus();
    },
    onError: (error) => showErrorToast(messageOf(error)),
  });
}

/** `verify-otp` (spec section 4): the proof for the booking's X-Verification-Token, kept for a retry. */
export function useCheckCode(practiceId: string, codeRef: RefObject<HTMLInputElement | null>) {
  return useMutation({
    mutationKey: VERIFICATION_CALL,
    mutationFn: ({ channel, contact, code }: CodeTarget & { code: string }) =>
      verifyOtp({
        recipient: otpRecipient(channel, contact),
        verification_type: channel,
        otp: code,
        practice_id: practiceId,
      }),
    onSuccess: ({ result, message }, { channel, contact }) => {
      const expiresAt = Date.parse(result.expires_at);
      useVerificationStore.getState().saveToken(contactKey(channel, contact), {
        value: result.verification_token,
        expiresAt: Number.isFinite(expiresAt) ? expiresAt : Date.now() + FALLBACK_TOKEN_LIFETIME_MS,
      });
      funnelEvent('code_passed');
      if (message) showSuccessToast(message);
    },
    onError: (error) => {
      // Spec sections 4 and 8: a failed check clears the code and shows the server's message.
      useVerificationStore.getState().setCode('');
      showErrorToast(messageOf(error));
      codeRef.current?.focus();
    },
  });
}
