import type { Queryable } from '../../db/database.ts';
import { createOutboxSmsAdapter } from './outbox-sms-adapter.ts';
import type { SmsAdapter } from './sms-adapter.ts';
import { createTwilioSmsAdapter } from './twilio-sms-adapter.ts';

/** The parts of the app config that choose the SMS adapter; `twilio` is all three settings or none. */
export interface SmsSettings {
  twilio: { accountSid: string; authToken: string; from: string; apiUrl?: string } | undefined;
}

/** Twilio when configured, otherwise the outbox (the offline default). */
export function createSmsAdapter(settings: SmsSettings, db: Queryable): SmsAdapter {
  if (!settings.twilio) return createOutboxSmsAdapter(db);
  const { apiUrl, ...twilio } = settings.twilio;
  return createTwilioSmsAdapter({ ...twilio, ...(apiUrl ? { apiBaseUrl: apiUrl } : {}) });
}
