import { RESEND_COOLDOWN_SECONDS } from '#domain/verification/verification-schemas.ts';
import type { Language } from '#domain/i18n/languages.ts';
import { inEnglish, translator, type Localized } from '../../i18n/translate.ts';
import * as messages from './verification.messages.ts';

const t = translator(messages);

/** Per recipient, whatever the practice or the address the request came from. */
export const SEND_LIMITS = [
  { max: 1, windowMs: RESEND_COOLDOWN_SECONDS * 1000 },
  { max: 3, windowMs: 10 * 60_000 },
  { max: 10, windowMs: 24 * 60 * 60_000 },
] as const;
/** Sends older than the longest window no longer count. */
export const SEND_HISTORY_MS = SEND_LIMITS[SEND_LIMITS.length - 1]!.windowMs;

export interface SendRefusal {
  retryAfterSeconds: number;
  /** The English, for logs and tests; `text` is the patient's. */
  message: string;
  text: Localized;
}

/**
 * Whether one more code may go to a recipient, given the times of earlier sends (any order).
 * When not, the wait is until enough earlier sends have left the tightest window that is full.
 */
export function checkSendLimits(earlierSends: readonly Date[], now: Date): SendRefusal | null {
  const newestFirst = earlierSends.map((at) => at.getTime()).sort((a, b) => b - a);
  let retryAt = 0;
  let isCooldownOnly = true;
  for (const [index, limit] of SEND_LIMITS.entries()) {
    const inWindow = newestFirst.filter((at) => at > now.getTime() - limit.windowMs);
    if (inWindow.length < limit.max) continue;
    const freeAt = inWindow[limit.max - 1]! + limit.windowMs;
    if (freeAt > retryAt) {
      retryAt = freeAt;
      isCooldownOnly = index === 0;
    }
  }
  if (retryAt === 0) return null;
  const retryAfterSeconds = Math.max(1, Math.ceil((retryAt - now.getTime()) / 1000));
  const text: Localized = (language) =>
    t(language, isCooldownOnly ? 'justSent' : 'tooManySends', { wait: describeWait(retryAfterSeconds, language) });
  return { retryAfterSeconds, message: inEnglish(text), text };
}

/** "30 seconds", "1 minute", "9 minutes", "3 hours". Rounded up, so the patient is never early. */
export function describeWait(seconds: number, language: Language = 'en'): string {
  if (seconds < 60) return t(language, 'waitSeconds', { count: seconds });
  if (seconds < 60 * 60) return t(language, 'waitMinutes', { count: Math.ceil(seconds / 60) });
  return t(language, 'waitHours', { count: Math.ceil(seconds / 3600) });
}
