import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { createPmsAdapterSelector } from './adapters/pms/pms-adapter-factory.ts';
import { openDentalConnectorFromConfig } from './adapters/pms/opendental/opendental-connector.ts';
import { createPmsWriteJobHandlers } from './features/opendental/pms-write-job.ts';
import { createMovableClock, systemClock, type Clock } from './clock.ts';
import { deleteEndedWindows } from './http/rate-limit-repository.ts';
import type { MailAdapter } from './adapters/mail/mail-adapter.ts';
import { createMailAdapter } from './adapters/mail/mail-adapter-factory.ts';
import type { SmsAdapter } from './adapters/sms/sms-adapter.ts';
import { createSmsAdapter } from './adapters/sms/sms-adapter-factory.ts';
import { createMessageJobHandlers } from './jobs/message-jobs.ts';
import type { DeliveryRow } from './jobs/message-deliveries-repository.ts';
import { registerDevSmsReplyRoutes } from './features/sms/dev-sms-reply-routes.ts';
import { confirmVisit } from './features/reminders/visit-confirmation.ts';
import { registerUnsubscribeRoutes } from './features/reminders/unsubscribe-routes.ts';
import { createUnsubscribeService } from './features/reminders/unsubscribe-service.ts';
import { createReminderJobHandler, followFailedTextByEmail, REMINDER_JOB } from './features/reminders/reminder-jobs.ts';
import { createJobRunNow } from './jobs/run-job-now.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { registerAvailabilityRoutes } from './features/availability/availability-routes.ts';
import { createAvailabilityService } from './features/availability/availability-service.ts';
import { createBookingLifecycle, type BookingLifecycle } from './features/bookings/booking-lifecycle-service.ts';
import { registerBookingsRoutes } from './features/bookings/bookings-routes.ts';
import { createBookingsService } from './features/bookings/bookings-service.ts';
import { registerManageRoutes } from './features/manage/manage-routes.ts';
import { createManageService } from './features/manage/manage-service.ts';
import { registerCaptchaRoutes } from './features/captcha/captcha-routes.ts';
import { createCaptchaService } from './features/captcha/captcha-service.ts';
import { registerPatientsRoutes } from './features/patients/patients-routes.ts';
import { createPatientsService } from './features/patients/patients-service.ts';
import { registerHealthRoutes } from './features/health/health-routes.ts';
import { registerPracticesRoutes } from './features/practices/practices-routes.ts';
import { createPracticesService } from './features/practices/practices-service.ts';
import { loadOrCreateSecret } from './db/app-secrets-repository.ts';
import { registerOutboxRoutes } from './features/outbox/outbox-routes.ts';
import { registerDevClockRoutes } from './features/dev-clock/dev-clock-routes.ts';
import { registerLocalCheckoutRoutes } from './features/payments/local-checkout-routes.ts';
import { registerPaymentsRoutes, registerStripeWebhook } from './features/payments/payments-routes.ts';
import { createPaymentsService, REFUND_JOB } from './features/payments/payments-service.ts';
import type { PaymentAdapter } from './adapters/payments/payment-adapter.ts';
import { createLocalPaymentAdapter } from './adapters/payments/local-payment-adapter.ts';
import { createStripePaymentAdapter, stripeHostSettings } from './adapters/payments/stripe-payment-adapter.ts';
import type { JobHandler } from './jobs/job-queue.ts';
import { scheduleReviewSweep } from './features/reviews/review-request-sweep.ts';
import { frameworkErrorReply, registerErrorHandling } from './http/error-handler.ts';
import { registerRequestLanguage } from './http/request-language.ts';
import { registerRateLimits } from './http/rate-limits.ts';
import { registerRequestGuards } from './http/request-guards.ts';
import { registerCanonicalOrigin } from './http/canonical-origin.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerSpaRoutes } from './http/spa-routes.ts';
import { requestForLog } from './http/log-redaction.ts';
import { registerVerificationRoutes } from './features/verification/verification-routes.ts';
import { registerReviewRoutes } from './features/reviews/reviews-routes.ts';
import { registerAdminRoutes } from './features/admin/admin-routes.ts';
import { registerStaffRoutes } from './features/console/staff-routes.ts';
import { registerInboundTextRoutes } from './features/sms/inbound-texts-routes.ts';
import { createSmsSendRules } from './features/sms/sms-send-rules.ts';

/** Work the process runs besides answering requests: job handlers and periodic sweeps. */
export interface BackgroundWork {
  jobHandlers: Record<string, JobHandler>;
  periodic: { name: string; everyMs: number; run: () => Promise<unknown> }[];
}

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundWork;
    /** Status changes and moves of existing bookings (ADR 0033), for the features built on them. */
    bookingLifecycle: BookingLifecycle;
    /** The one clock of this process: main.ts gives it to the job worker too, so a moved clock moves everything. */
    clock: Clock;
  }
}

export interface AppDeps {
  config: Config;
  db: Database;
  clock?: Clock;
  /** The built SPA (`dist/web`); tests of the API alone may point it at a missing folder. */
  webDir?: string;
  /** How long slot lists are cached per process (default 20 s, spec section 9); benchmarks pass 0. */
  slotCacheTtlMs?: number;
  /** The payment provider; default from config (Stripe, or the local test checkout). */
  paymentAdapter?: PaymentAdapter;
  /** Fastify logger settings (default: LOG_LEVEL to stdout); tests pass false, or a stream to read. */
  logger?: false | { level: string; stream?: { write(line: string): void } };
  /** Mail and SMS providers of the message jobs; default from config (SMTP, Twilio, or the outbox). */
  messageAdapters?: { mail: MailAdapter; sms: SmsAdapter };
  /**
   * One-time codes: send-otp makes the first delivery attempt itself and answers with its outcome
   * (default), waiting at most `waitMs`; `false` leaves every attempt to the workers (tests of the
   * job path). ADR 0021.
   */
  codeDelivery?: false | { waitMs: number };
}

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../dist/web/', import.meta.url));
const BODY_LIMIT_BYTES = 100 * 1024;

/** Builds the whole application without listening, so tests drive it with `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    // Request lines go through one rule: no query string, no token of a link (log-redaction.ts).
    logger:
      deps.logger === false
        ? false
        : { ...(deps.logger ?? { level: config.logLevel }), serializers: { req: requestForLog } },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Router-level refusals (broken percent-encoding, over-long path segments) get our error shape.
    frameworkErrors: frameworkErrorReply,
  });

  registerRequestLanguage(app);
  registerErrorHandling(app);
  registerRequestGuards(app);
  await registerSecurityHeaders(app, { isProduction: config.nodeEnv === 'production' });
  // After the security headers, so a redirect carries them too.
  registerCanonicalOrigin(app, { publicUrl: config.publicUrl, trustProxy: config.trustProxy });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  // With DEV_TOOLS, /_dev/clock can move it; unmoved it reads exactly the base clock. Production keeps the plain one.
  const movableClock = config.devTools ? createMovableClock(deps.clock ?? systemClock) : null;
  const clock = movableClock ?? deps.clock ?? systemClock;
  app.decorate('clock', clock);
  const rateLimits = await registerRateLimits(app, { db, clock, multiplier: config.rateLimitMultiplier });

  // One per process: Open Dental's throttle queue and its cache are shared by reads and writes.
  const openDental = openDentalConnectorFromConfig(config.openDental, { clock, logger: app.log });
  const paymentAdapter =
    deps.paymentAdapter ??
    (config.stripe
      ? createStripePaymentAdapter({
          secretKey: config.stripe.secretKey,
          publishableKey: config.stripe.publishableKey,
          ...stripeHostSettings(config.stripe.apiUrl),
        })
      : createLocalPaymentAdapter(db, config.publicUrl));
  const practices = createPracticesService(db, {
    publishableKey: paymentAdapter.publishableKey,
    texts: config.offers.texts,
  });
  const pmsFor = createPmsAdapterSelector(db, openDental);
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
  const captcha = createCaptchaService({
    hmacKey: async () => config.altchaHmacKey ?? loadOrCreateSecret(db, 'altcha_hmac_key'),
    maxNumber: config.altchaMaxNumber,
    clock,
  });
  const patients = createPatientsService(db, practices);
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
  const bookingCore = { db, clock, practices, availability };
  const bookingLifecycle = createBookingLifecycle(bookingCore);
  app.decorate('bookingLifecycle', bookingLifecycle);
  // A checkout left unpaid books through the lifecycle (ADR 0060).
  const payments = createPaymentsService({
    ...bookingCore,
    lifecycle: bookingLifecycle,
    captcha,
    adapter: paymentAdapter,
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
  app.decorate('background', {
    jobHandlers: {
      ...messageHandlers,
      [REFUND_JOB]: (payload) => payments.refund(payload),
      [REMINDER_JOB]: createReminderJobHandler({
        db,
        clock,
        practices,
        publicUrl: config.publicUrl,
        texts: config.offers.texts,
      }),
      ...createPmsWriteJobHandlers({
        db,
        clock,
        openDental,
        onSlotsChanged: (practiceId) => availability.invalidatePractice(practiceId),
      }),
    } satisfies Record<string, JobHandler>,
    periodic: [
      { name: 'release expired payment holds', everyMs: 60_000, run: () => payments.releaseExpiredHolds() },
      { name: 'forget ended rate-limit windows', everyMs: 10 * 60_000, run: () => deleteEndedWindows(db, clock.now()) },
      // Re-queues the current review sweep (deduplicated), so a broken chain of sweeps heals itself.
      {
        name: 'keep the review-request sweep scheduled',
        everyMs: 60_000,
        run: () => scheduleReviewSweep(db, clock.now()),
      },
    ],
  });

  await app.register(
    async (api) => {
      registerHealthRoutes(api, db);
      registerPracticesRoutes(api, practices);
      registerAvailabilityRoutes(api, availability, clock);
      registerCaptchaRoutes(api, captcha, rateLimits.challenge);
      registerPatientsRoutes(api, {
        patients,
        clock,
        rateLimit: rateLimits.patientLookup,
        identityLimit: rateLimits.patientIdentity,
      });
      registerBookingsRoutes(api, { bookings, rateLimit: rateLimits.booking });
      registerManageRoutes(api, {
        manage,
        clock,
        rateLimits: { lookup: rateLimits.manageLookup, change: rateLimits.manageChange },
      });
      await registerUnsubscribeRoutes(api, {
        unsubscribe: createUnsubscribeService({ db, clock, practices }),
        rateLimits: { lookup: rateLimits.manageLookup, change: rateLimits.manageChange },
      });
      registerPaymentsRoutes(api, {
        payments,
        rateLimits: { create: rateLimits.booking, status: rateLimits.paymentStatus },
      });
      await registerStripeWebhook(api, { payments, webhookSecret: config.stripe?.webhookSecret, clock });
      registerVerificationRoutes(api, {
        db,
        clock,
        practices,
        rateLimits,
        delivery: codeDelivery,
        texts: config.offers.texts,
      });
      registerReviewRoutes(api, { db, clock, config, practices });
      registerAdminRoutes(api, { db, clock, config, practices });
      await registerStaffRoutes(api, {
        db,
        clock,
        config,
        practices,
        pmsFor,
        lifecycle: bookingLifecycle,
        availability,
        bookings,
      });
      await registerInboundTextRoutes(api, {
        ...inboundTexts,
        publicUrl: config.publicUrl,
        twilio: config.twilio,
        devTools: config.devTools,
        onTextFailed,
      });
    },
    { prefix: '/api/v1' },
  );

  // The local outbox and its JSON contract for end-to-end tests; off in production by default.
  if (config.devTools) {
    registerOutboxRoutes(app, { db });
    registerDevSmsReplyRoutes(app, { ...inboundTexts, deploymentSender: config.twilio?.from ?? null });
  }
  if (movableClock) {
    // After a move the periodic sweeps run once at once, as main.ts's timers would within their interval.
    const runPeriodic = async () => {
      await Promise.all(
        app.background.periodic.map((task) =>
          task.run().catch((error: unknown) => app.log.error({ err: error }, `${task.name} failed`)),
        ),
      );
    };
    registerDevClockRoutes(app, {
      clock: movableClock,
      publicUrl: config.publicUrl,
      trustProxy: config.trustProxy,
      afterMove: runPeriodic,
    });
  }
  if (config.devTools && paymentAdapter.provider === 'local')
    await registerLocalCheckoutRoutes(app, {
      db,
      payments,
      publicUrl: config.publicUrl,
      trustProxy: config.trustProxy,
    });

  await registerSpaRoutes(app, { webDir: deps.webDir ?? DEFAULT_WEB_DIR, practices });
  return app;
}
