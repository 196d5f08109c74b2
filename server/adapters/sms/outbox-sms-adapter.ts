import type { Queryable } from '../../db/database.ts';
import { saveOutboxMessage } from '../outbox/outbox-repository.ts';
import { errorMessage, type DeliveryResult } from '../mail/delivery-result.ts';
import type { SmsAdapter } from './sms-adapter.ts';

/** The local SMS adapter: stores the text for /_dev/outbox and tests to read. */
export function createOutboxSmsAdapter(db: Queryable): SmsAdapter {
  return {
    async send(message): Promise<DeliveryResult> {
      try {
        const id = await saveOutboxMessage(db, {
          channel: 'sms',
          recipient: message.to,
          subject: null,
          text: message.text,
          idempotencyKey: `sms:${message.idempotencyKey}`,
        });
        return { ok: true, id };
      } catch (error) {
        return { ok: false, error: `Outbox: ${errorMessage(error)}`, retryable: true };
      }
    },
  };
}
