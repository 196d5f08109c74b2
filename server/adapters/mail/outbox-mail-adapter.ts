import type { Queryable } from '../../db/database.ts';
import { saveOutboxMessage } from '../outbox/outbox-repository.ts';
import { errorMessage, type DeliveryResult } from './delivery-result.ts';
import type { MailAdapter } from './mail-adapter.ts';

/** The local mail adapter: "sends" by storing the message for /_dev/outbox and tests to read. */
export function createOutboxMailAdapter(db: Queryable): MailAdapter {
  return {
    async send(message): Promise<DeliveryResult> {
      try {
        const id = await saveOutboxMessage(db, {
          channel: 'email',
          recipient: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments,
          headers: message.headers,
          idempotencyKey: `email:${message.idempotencyKey}`,
        });
        return { ok: true, id };
      } catch (error) {
        return { ok: false, error: `Outbox: ${errorMessage(error)}`, retryable: true };
      }
    },
  };
}
