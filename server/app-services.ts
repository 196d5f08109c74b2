import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { createOpenDentalMirror } from './adapters/pms/opendental/opendental-mirror-sync.ts';
import {
  createMirrorCorrection,
  createOpenDentalChangeAnnouncer,
} from './features/opendental/opendental-mirror-changes.ts';
import { createPmsAdapterSelector } from './adapters/pms/pms-adapter-factory.ts';
import { openDentalConnectorFromConfig } from './adapters/pms/opendental/opendental-connector.ts';
import type { Clock } from './clock.ts';
import { createMailAdapter } from './adapters/mail/mail-adapter-factory.ts';
import { createSmsAdapter } from './adapters/sms/sms-adapter-factory.ts';
import { createMessageJobHandlers } from './jobs/message-jobs.ts';
import type { DeliveryRow } from './jobs/message-deliveries-repository.ts';
import { confirmVisit } from './features/reminders/visit-confirmation.ts';
import { followFailedTextByEmail } from './features/reminders/reminder-jobs.ts';
import { createJobRunNow } from './jobs/run-job-now.ts';
import { createAvailabilityService } from './features/availability/availability-service.ts';
import { createBookingLifecycle } from './features/bookings/booking-lifecycle-service.ts';
import { createBookingsService } from './features/bookings/bookings-service.ts';
import { createManageService } from './features/manage/manage-service.ts';
import { createCaptchaService } from './features/captcha/captcha-service.ts';
import { createPatientsService } from './features/patients/patients-service.ts';
import { createPracticesService } from './features/practices/practices-service.ts';
import { loadOrCreateSecret } from './db/app-secrets-repository.ts';
import { createPaymentsService } from './features/payments/payments-service.ts';
import type { PaymentAdapter } from './adapters/payments/payment-adapter.ts';
import { createLocalPaymentAdapter } from './adapters/payments/local-payment-adapter.ts';
import { createStripePaymentAdapter, stripeHostSettings } from './adapters/payments/stripe-payment-adapter.ts';
import { createSmsSendRules } from './features/sms/sms-send-rules.ts';
import type { AppDeps } from './app.ts';

export type AppServices = ReturnType<typeof createAppServices>;

function paymentAdapterFor({ config, db, paymentAdapter }: AppDeps): PaymentAdapter {
  if (paymentAdapter) return paymentAdapter;
  if (!config.stripe) return createLocalPaymentAdapter(db, config.publicUrl);
  return createStripePaymentAdapter({
    secretKey: config.stripe.secretKey,
    publishableKey: config.stripe.publishableKey,
    ...stripeHostSettings(config.stripe.apiUrl),
  });
}

/** The adapters and the services under the booking flow: practices, Open Dental, availability, captcha. */
function createFoundations(app: FastifyInstance, deps: AppDeps, clock: Clock) {
  const { config, db } = deps;
  // One per process: Open Dental's office turns (across processes on PostgreSQL) are shared by reads and writes.
  const openDental = openDentalConnectorFromConfig(config.openDental, { clock, logger: app.log, db });
  const paymentAdapter = paymentAdapterFor(deps);
  const practices = createPracticesService(db, {
    publishableKey: paymentAdapter.publishableKey,
    texts: config.offers.texts,
  });
  // Its events' commit clears the slot caches of every process, this one's included (ADR 0069).
  const announce = createOpenDentalChangeAnnouncer({ db, clock });
  const pmsFor = createPmsAdapterSelector(db, openDental, createMirrorCorrection({ db, announce, logger: app.log }));
  const availability = createAvailabilityService({
    practices,
    pmsFor,
    clock,
    ...(deps.slotCacheTtlMs !== undefined ? { cacheTtlMs: deps.slotCacheTtlMs } : {}),
    db,
    logger: app.log,
  });
  // Its listening connection must not outlive the app, or tests and processes would not exit.
  app.addHook('onClose', () => availability.close());
  const openDentalMirror = openDental
    ? createOpenDentalMirror({
        db,
        clock,
        connector: openDental,
        onChange: announce,
        owner: `${hostname()}:${process.pid}:${randomUUID()}`,
        ...config.openDental.mirror,
      })
    : undefined;
  app.addHook('onClose', async () => openDentalMirror?.stop());
  const captcha = createCaptchaService({
    hmacKey: async () => config.altchaHmacKey ?? loadOrCreateSecret(db, 'altcha_hmac_key'),
    maxNumber: config.altchaMaxNumber,
    clock,
  });
  return { openDental, openDentalMirror, paymentAdapter, practices, pmsFor, availability, captcha };
}

/** The message providers and jobs, and send-otp's first delivery attempt (ADR 0021). */
function createMessaging(app: FastifyInstance, deps: AppDeps, clock: Clock) {
  const { config, db } = deps;
  // A reminder text that cannot be delivered is followed by the same reminder by e-mail (ADR 0037).
  const onTextFailed = (delivery: DeliveryRow) => followFailedTextByEmail(db, delivery, clock.now());
  // One set of providers per process, for the workers and for send-otp's first attempt (ADR 0021).
  const messageHandlers = createMessageJobHandlers(
    deps.messageAdapters ?? { mail: createMailAdapter(config, db), sms: createSmsAdapter(config, db) },
    createSmsSendRules({ db, clock, deploymentSender: config.twilio?.from ?? null, logger: app.log }),
    { db, clock, onTextFailed },
  );
  const codeDelivery =
    deps.codeDelivery === false
      ? undefined
      : {
          runNow: createJobRunNow({ db, clock, handlers: messageHandlers, logger: app.log }),
          ...(deps.codeDelivery ? { waitMs: deps.codeDelivery.waitMs } : {}),
        };
  return { onTextFailed, messageHandlers, codeDelivery };
}

/** Every service of the process, built once and shared by the routes and the background work. */
export function createAppServices(app: FastifyInstance, deps: AppDeps, clock: Clock) {
  const { config, db } = deps;
  const foundations = createFoundations(app, deps, clock);
  const { practices, availability, captcha } = foundations;
  const patients = createPatientsService(db, practices);
  const bookingCore = { db, clock, practices, availability };
  const bookingLifecycle = createBookingLifecycle(bookingCore);
  // A checkout left unpaid books through the lifecycle (ADR 0060).
  const payments = createPaymentsService({
    ...bookingCore,
    lifecycle: bookingLifecycle,
    captcha,
    adapter: foundations.paymentAdapter,
    publicUrl: config.publicUrl,
  });
  const bookings = createBookingsService({
    db,
    clock,
    practices,
    availability,
    captcha,
    publicUrl: config.publicUrl,
    onPaymentReturn: (sessionId, practiceId) => payments.completeFromReturn(sessionId, practiceId),
  });
  const inboundTexts = {
    db,
    clock,
    practices,
    confirm: (appointmentId: string) => confirmVisit({ lifecycle: bookingLifecycle, clock }, appointmentId),
  };
  const manage = createManageService({
    db,
    clock,
    practices,
    availability,
    lifecycle: bookingLifecycle,
    payments,
    publicUrl: config.publicUrl,
  });
  const messaging = createMessaging(app, deps, clock);
  return { ...foundations, ...messaging, patients, payments, bookings, bookingLifecycle, inboundTexts, manage };
}
