import type { Queryable } from '../../db/database.ts';
import { createOutboxSmsAdapter } from './outbox-sms-adapter.ts';
import type { SmsAdapter } from './sms-adapter.ts';
import { createTwilioSmsAdapter } from './twilio-sms-adapter.ts';

/** The parts of the app config that choose the SMS adapter; `twilio` is all three settings or none. */
export interface SmsSettings {
  twilio: { accountSid: string; authToken: string; from: string; apiUrl?: string } | undefined;
  /** Twilio reports each text's status to this server's /api/v1/sms/status. */
  publicUrl: string;
}

/** Where Twilio posts status reports, under /api/v1 (its routes: server/features/sms). */
export const SMS_STATUS_PATH = '/sms/status';

/** Twilio when configured, otherwise the outbox (the offline default). */
export function createSmsAdapter(settings: SmsSettings, db: Queryable): SmsAdapter {
  if (!settings.twilio) return createOutboxSmsAdapter(db);
  const { apiUrl, ...twilio } = settings.twilio;
  const statusCallbackUrl = `${new URL(settings.publicUrl).origin}/api/v1${SMS_STATUS_PATH}`;
  return createTwilioSmsAdapter({ ...twilio, statusCallbackUrl, ...(apiUrl ? { apiBaseUrl: apiUrl } : {}) });
}
