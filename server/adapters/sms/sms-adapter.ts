import type { DeliveryResult } from '../mail/delivery-result.ts';

export interface SmsMessage {
  /** E.164, e.g. +12125550100 */
  to: string;
  text: string;
  /** The sender: an E.164 number or a Messaging Service SID (MG…); absent: the adapter's default (TWILIO_FROM). */
  from?: string;
  /** The same key for every retry of one message. */
  idempotencyKey: string;
}

export interface SmsAdapter {
  send(message: SmsMessage): Promise<DeliveryResult>;
  /**
   * The provider's id of this message if it already took it since `since` (an attempt whose
   * worker died before it heard the answer); null when it did not. Absent: the adapter cannot
   * tell, and a retry sends again (the outbox drops repeats itself).
   */
  findSent?(message: SmsMessage, since: Date): Promise<string | null>;
}
