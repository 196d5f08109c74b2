import { createHash } from 'node:crypto';
import nodemailer from 'nodemailer';
import { errorMessage, redactContacts, type DeliveryResult } from './delivery-result.ts';
import type { MailAdapter, MailMessage } from './mail-adapter.ts';

export interface SmtpMailOptions {
  /** smtp://user:pass@host:587 (STARTTLS when offered) or smtps://…:465 */
  url: string;
  /** "Name <address>" */
  from: string;
  timeoutMs?: number;
}

/**
 * Sends through an SMTP server, one connection per message: volumes are small, and nothing is
 * left open to close at shutdown.
 */
export function createSmtpMailAdapter(options: SmtpMailOptions): MailAdapter {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const domain = senderDomain(options.from);

  return {
    async send(message: MailMessage): Promise<DeliveryResult> {
      try {
        const info = await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html !== undefined ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
          attachments: (message.attachments ?? []).map(({ filename, content, contentType }) => ({
            filename,
            content,
            contentType,
          })),
          // A retry carries the same Message-ID, which lets mail systems drop the duplicate.
          messageId: `<${messageIdLocalPart(message.idempotencyKey)}@${domain}>`,
        });
        return { ok: true, id: info.messageId };
      } catch (error) {
        return smtpFailure(error);
      }
    },
  };
}

/**
 * 5xx replies to the envelope or message are final (unknown mailbox, refused content); anything
 * else (no connection, timeout, 4xx "try later", authentication while an operator fixes it) is
 * worth another try.
 */
function smtpFailure(error: unknown): DeliveryResult {
  const { code, responseCode } = error as { code?: string; responseCode?: number };
  const isFinal = typeof responseCode === 'number' && responseCode >= 500 && code !== 'EAUTH';
  const label = ['SMTP', code, responseCode].filter((part) => part !== undefined).join(' ');
  return { ok: false, error: `${label}: ${redactContacts(errorMessage(error))}`, retryable: !isFinal };
}

function senderDomain(from: string): string {
  return /@([A-Za-z0-9.-]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/** Keys made of safe characters are kept readable; anything else is hashed. */
function messageIdLocalPart(key: string): string {
  return /^[A-Za-z0-9._:+-]{1,100}$/.test(key) ? key : createHash('sha256').update(key).digest('hex');
}
