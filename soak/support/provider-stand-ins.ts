import { addDays } from '#domain/time/local-date.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import {
  odOperatory,
  odProvider,
  providerSchedule,
  startFakeOpenDental,
  type FakeOpenDental,
} from '#server/test/fake-opendental-server.ts';
import { startFakeStripe, type FakeStripe } from '#server/test/fake-stripe-server.ts';
import { startSmtpRecorder, type SmtpRecorder } from './smtp-recorder.ts';
import { SOAK_ZONE } from './soak-practices.ts';
import { startTwilioStandIn } from './twilio-stand-in.ts';

export const OD_CUSTOMER_KEY = 'soak-office';
const OD_DEVELOPER_KEY = 'soak-developer';
export const STRIPE_WEBHOOK_SECRET = 'whsec_soak';

export interface ProviderStandIns {
  smtp: SmtpRecorder;
  twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
  stripe: FakeStripe;
  openDental: FakeOpenDental;
  /** The server settings that point every provider at its stand-in. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * Local stand-ins for the four providers a booking touches: SMTP, Twilio, Stripe, and an Open
 * Dental office with one provider in one chair, open 08:00–17:00 for the next two weeks.
 */
export async function startProviderStandIns(): Promise<ProviderStandIns> {
  const [smtp, twilio, stripe, openDental] = await Promise.all([
    startSmtpRecorder(),
    startTwilioStandIn(),
    startFakeStripe(),
    startFakeOpenDental({ developerKey: OD_DEVELOPER_KEY }),
  ]);
  const office = openDental.office(OD_CUSTOMER_KEY);
  office.providers = [odProvider(1, 'Soak', 'One')];
  office.operatories = [odOperatory(1, 'Op 1', { ProvDentist: 1 })];
  const today = localDateOf(new Date(), SOAK_ZONE);
  office.schedules = Array.from({ length: 15 }, (_, i) =>
    providerSchedule(addDays(today, i), 1, '08:00', '17:00', [1]),
  );
  return {
    smtp,
    twilio,
    stripe,
    openDental,
    env: {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Chairtime <no-reply@soak.example>',
      TWILIO_ACCOUNT_SID: `AC${'0123456789abcdef'.repeat(2)}`,
      TWILIO_AUTH_TOKEN: 'soak-twilio-token-0123',
      TWILIO_FROM: '+12125550199',
      TWILIO_API_URL: twilio.url,
      STRIPE_SECRET_KEY: 'sk_test_soak',
      STRIPE_WEBHOOK_SECRET,
      STRIPE_API_URL: `http://127.0.0.1:${stripe.port}`,
      OPENDENTAL_API_URL: openDental.baseUrl,
      OPENDENTAL_DEVELOPER_KEY: OD_DEVELOPER_KEY,
      OPENDENTAL_REQUESTS_PER_SECOND: '20',
    },
    close: async () => {
      await Promise.all([smtp.close(), twilio.close(), stripe.close(), openDental.close()]);
    },
  };
}
