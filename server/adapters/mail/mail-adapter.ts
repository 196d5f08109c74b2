import type { DeliveryResult } from './delivery-result.ts';

export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  attachments?: MailAttachment[] | undefined;
  /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string> | undefined;
  /** The same key for every retry of one message, so receivers can drop duplicates. */
  idempotencyKey: string;
}

export interface MailAdapter {
  send(message: MailMessage): Promise<DeliveryResult>;
}
