import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { VerificationChannel } from './verify-rules.ts';

export const VERIFICATION_STORAGE_KEY = 'chairtime-verification';

export interface SentCode {
  /** When "Send again" opens (ms since the epoch). */
  resendAt: number;
  /** When the code stops working (ms since the epoch). */
  expiresAt: number;
}

export interface HeldToken {
  value: string;
  expiresAt: number;
}

export interface VerificationState {
  /** The booking this belongs to (practice and visit start); another booking starts afresh. */
  sessionKey: string | null;
  channel: VerificationChannel | null;
  code: string;
  hasConsent: boolean;
  /** Codes sent, by contact key (channel and address). */
  sent: Record<string, SentCode>;
  /**
   * Proofs from verify-otp, by contact key: kept so a booking that failed (a taken slot) can be retried
   * without a new code.
   */
  tokens: Record<string, HeldToken>;
}

interface VerificationActions {
  /** Keeps the stored page-6 state when it belongs to this booking, otherwise starts afresh. */
  begin(sessionKey: string): void;
  chooseChannel(channel: VerificationChannel): void;
  setCode(code: string): void;
  setConsent(value: boolean): void;
  /**
   * Keeps the code field: it was emptied when the request went out (verify-step.tsx), and a code that
   * arrived before this answer (an SMS filled in by the phone, a quick e-mail) is the new one.
   */
  recordSent(key: string, sent: SentCode): void;
  /** A correct code is used up: the next one has to be sent afresh. */
  saveToken(key: string, token: HeldToken): void;
}

const initialState = (sessionKey: string | null = null): VerificationState => ({
  sessionKey,
  channel: null,
  code: '',
  hasConsent: false,
  sent: {},
  tokens: {},
});

/**
 * Page 6's own state, in session storage like the booking itself (spec section 3), so a reload
 * keeps the chosen channel, the code typed so far, the consent and the resend countdown.
 */
export const useVerificationStore = create<VerificationState & VerificationActions>()(
  persist(
    (set) => ({
      ...initialState(),
      begin: (sessionKey) => set((state) => (state.sessionKey === sessionKey ? state : initialState(sessionKey))),
      chooseChannel: (channel) => set((state) => (state.channel === channel ? state : { channel, code: '' })),
      setCode: (code) => set({ code }),
      setConsent: (value) => set({ hasConsent: value }),
      recordSent: (key, sent) => set((state) => ({ sent: { ...state.sent, [key]: sent } })),
      saveToken: (key, token) =>
        set((state) => {
          const sent = { ...state.sent };
          delete sent[key];
          return { tokens: { ...state.tokens, [key]: token }, sent, code: '' };
        }),
    }),
    {
      name: VERIFICATION_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      version: 1,
      partialize: (state): VerificationState => ({
        sessionKey: state.sessionKey,
        channel: state.channel,
        code: state.code,
        hasConsent: state.hasConsent,
        sent: state.sent,
        tokens: state.tokens,
      }),
    },
  ),
);

/** Forgets page 6 entirely, tokens included (after the booking, or when the booking state is cleared). */
export function clearVerificationState(): void {
  useVerificationStore.setState(initialState());
  useVerificationStore.persist.clearStorage();
}

/** The page-6 state belongs to one practice and one visit of the booking flow. */
export const verificationSessionKey = (practiceId: string, visitStartedAt: string) => `${practiceId}|${visitStartedAt}`;
