import type { Language } from '#domain/i18n/languages.ts';
import type { InboundTextKind } from './inbound-texts-repository.ts';

export interface ReadText {
  kind: InboundTextKind;
  /** Twilio answers this word itself (and blocks or unblocks the number): we add no answer of our own. */
  isTwilioKeyword: boolean;
  /** A Spanish word: the answer is in Spanish when nothing else tells the patient's language. */
  language: Language | null;
}

/**
 * Twilio's own keywords (Advanced Opt-Out defaults): Twilio answers them itself and blocks or
 * unblocks the sender for that number, so we read them the same way: the whole message, trimmed,
 * in any case. "Cancel" is an opt-out there too, even from a patient who meant the appointment.
 * YES is Twilio's opt-in and, for us, a confirmation (ADR 0037): it is both.
 */
const TWILIO_WORDS: Record<string, InboundTextKind> = Object.fromEntries([
  ...['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'].map(
    (word) => [word, 'opt_out'] as const,
  ),
  ...['START', 'UNSTOP'].map((word) => [word, 'opt_in'] as const),
  ...['HELP', 'INFO'].map((word) => [word, 'help'] as const),
]);

/**
 * Our words, read with surrounding spaces and punctuation ignored ("C.", "¡Sí!"): confirmations,
 * and the Spanish opt-out, opt-in and help words that Twilio does not know, which we honour ourselves.
 */
const OUR_WORDS: Record<string, { kind: InboundTextKind; language: Language | null }> = Object.fromEntries([
  ...['C', 'Y', 'YES', 'CONFIRM'].map((word) => [word, { kind: 'confirm', language: null }] as const),
  ...['SI', 'SÍ', 'CONFIRMAR'].map((word) => [word, { kind: 'confirm', language: 'es' }] as const),
  ...['PARAR', 'DETENER', 'CANCELAR', 'BAJA'].map((word) => [word, { kind: 'opt_out', language: 'es' }] as const),
  ...['COMENZAR', 'INICIAR', 'REANUDAR'].map((word) => [word, { kind: 'opt_in', language: 'es' }] as const),
  ...['AYUDA'].map((word) => [word, { kind: 'help', language: 'es' }] as const),
]);

const EDGE_PUNCTUATION = /^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu;

export function readInboundText(body: string): ReadText {
  const whole = body.trim().toUpperCase();
  const twilioKind = TWILIO_WORDS[whole];
  if (twilioKind) return { kind: twilioKind, isTwilioKeyword: true, language: null };
  const word = OUR_WORDS[whole.replace(EDGE_PUNCTUATION, '')];
  // YES is Twilio's opt-in word as well: Twilio answers its own part.
  if (word) return { kind: word.kind, isTwilioKeyword: whole === 'YES', language: word.language };
  return { kind: 'reply', isTwilioKeyword: false, language: null };
}

/** The kind alone (kept in inbound_texts). */
export const inboundTextKind = (body: string): InboundTextKind => readInboundText(body).kind;
