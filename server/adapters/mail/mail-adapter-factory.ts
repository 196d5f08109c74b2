import type { Queryable } from '../../db/database.ts';
import type { MailAdapter } from './mail-adapter.ts';
import { createOutboxMailAdapter } from './outbox-mail-adapter.ts';
import { createSmtpMailAdapter } from './smtp-mail-adapter.ts';

/** The parts of the app config that choose the mail adapter. */
export interface MailSettings {
  smtpUrl: string | undefined;
  mailFrom: string;
}

/** SMTP when SMTP_URL is set, otherwise the outbox (the offline default). */
export function createMailAdapter(settings: MailSettings, db: Queryable): MailAdapter {
  return settings.smtpUrl
    ? createSmtpMailAdapter({ url: settings.smtpUrl, from: settings.mailFrom })
    : createOutboxMailAdapter(db);
}
