import type { InboundTextKind } from './inbound-texts-repository.ts';

/**
 * Twilio's own keywords (Advanced Opt-Out defaults): Twilio answers them itself and blocks or
 * unblocks the sender for that number, so we read them the same way: the whole message, trimmed,
 * in any case. "Cancel" is an opt-out there too, even from a patient who meant the appointment.
 */
const KINDS: Record<string, InboundTextKind> = Object.fromEntries([
  ...['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'].map((word) => [word, 'opt_out'] as const),
  ...['START', 'YES', 'UNSTOP'].map((word) => [word, 'opt_in'] as const),
  ...['HELP', 'INFO'].map((word) => [word, 'help'] as const),
]);

export function inboundTextKind(body: string): InboundTextKind {
  return KINDS[body.trim().toUpperCase()] ?? 'reply';
}
