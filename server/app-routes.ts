import type { FastifyInstance } from 'fastify';
import type { MovableClock } from './clock.ts';
import { registerDevSmsReplyRoutes } from './features/sms/dev-sms-reply-routes.ts';
import { registerUnsubscribeRoutes } from './features/reminders/unsubscribe-routes.ts';
import { createUnsubscribeService } from './features/reminders/unsubscribe-service.ts';
import type { Config } from './config.ts';
import type { Clock } from './clock.ts';
import type { Database } from './db/database.ts';
import { registerAvailabilityRoutes } from './features/availability/availability-routes.ts';
import { registerBookingsRoutes } from './features/bookings/bookings-routes.ts';
import { registerManageRoutes } from './features/manage/manage-routes.ts';
import { registerCaptchaRoutes } from './features/captcha/captcha-routes.ts';
import { registerPatientsRoutes } from './features/patients/patients-routes.ts';
import { registerHealthRoutes } from './features/health/health-routes.ts';
import { registerPracticesRoutes } from './features/practices/practices-routes.ts';
import { registerOutboxRoutes } from './features/outbox/outbox-routes.ts';
import { registerDevClockRoutes } from './features/dev-clock/dev-clock-routes.ts';
import { registerLocalCheckoutRoutes } from './features/payments/local-checkout-routes.ts';
import { registerPaymentsRoutes, registerStripeWebhook } from './features/payments/payments-routes.ts';
import type { RateLimits } from './http/rate-limits.ts';
import { registerVerificationRoutes } from './features/verification/verification-routes.ts';
import { registerReviewRoutes } from './features/reviews/reviews-routes.ts';
import { registerAdminRoutes } from './features/admin/admin-routes.ts';
import { registerStaffRoutes } from './features/console/staff-routes.ts';
import { registerInboundTextRoutes } from './features/sms/inbound-texts-routes.ts';
import { registerAboutRoutes } from './features/practices/about-routes.ts';
import type { AppServices } from './app-services.ts';
import { registerApiDocuments } from './http/api-documents.ts';
import { hasStaffSession } from './features/console/staff-session-guard.ts';
import { registerFunnelEventRoutes } from './features/insights/funnel-routes.ts';

interface RouteContext {
  config: Config;
  db: Database;
  clock: Clock;
}

/** The patient-facing API under /api/v1: practices, slots, bookings and what follows a booking. */
async function registerPatientRoutes(api: FastifyInstance, context: RouteContext, s: AppServices, limits: RateLimits) {
  const { config, db, clock } = context;
  registerHealthRoutes(api, { db, clock, adminApiKey: config.adminApiKey });
  registerPracticesRoutes(api, s.practices);
  registerAvailabilityRoutes(api, s.availability);
  registerCaptchaRoutes(api, s.captcha, limits.challenge);
  registerPatientsRoutes(api, {
    patients: s.patients,
    rateLimit: limits.patientLookup,
    identityLimit: limits.patientIdentity,
  });
  registerBookingsRoutes(api, { bookings: s.bookings, rateLimit: limits.booking });
  const manageLimits = { lookup: limits.manageLookup, change: limits.manageChange };
  registerManageRoutes(api, { manage: s.manage, rateLimits: manageLimits });
  await registerUnsubscribeRoutes(api, {
    unsubscribe: createUnsubscribeService({ db, clock, practices: s.practices }),
    rateLimits: manageLimits,
  });
  registerPaymentsRoutes(api, {
    payments: s.payments,
    rateLimits: { create: limits.booking, status: limits.paymentStatus },
  });
  await registerStripeWebhook(api, { payments: s.payments, webhookSecret: config.stripe?.webhookSecret, clock });
  registerVerificationRoutes(api, {
    db,
    clock,
    practices: s.practices,
    rateLimits: limits,
    delivery: s.codeDelivery,
    texts: config.offers.texts,
  });
  registerReviewRoutes(api, { db, clock, config, practices: s.practices });
  registerFunnelEventRoutes(api, { db, clock, practices: s.practices, rateLimit: limits.funnelEvents });
}

export const API_PREFIX = '/api/v1';

/** The whole API under /api/v1: the patient's side, the operator's, the staff console's and inbound texts. */
export async function registerApiRoutes(
  app: FastifyInstance,
  context: RouteContext,
  s: AppServices,
  limits: RateLimits,
): Promise<void> {
  const { config, db, clock } = context;
  await app.register(
    async (api) => {
      await registerPatientRoutes(api, context, s, limits);
      registerAdminRoutes(api, { db, clock, config, practices: s.practices });
      registerAboutRoutes(api, { db, devTools: config.devTools });
      registerApiDocuments(api, { isStaffSession: (request) => hasStaffSession(request, { db, clock }) });
      await registerStaffRoutes(api, {
        db,
        clock,
        config,
        practices: s.practices,
        pmsFor: s.pmsFor,
        lifecycle: s.bookingLifecycle,
        availability: s.availability,
        bookings: s.bookings,
        openDentalMirror: s.openDentalMirror,
      });
      await registerInboundTextRoutes(api, {
        ...s.inboundTexts,
        publicUrl: config.publicUrl,
        twilio: config.twilio,
        devTools: config.devTools,
        onTextFailed: s.onTextFailed,
      });
    },
    { prefix: API_PREFIX },
  );
}

/** The local outbox, replies to texts, the movable clock and the local checkout: DEV_TOOLS only (off in production). */
export async function registerDevRoutes(
  app: FastifyInstance,
  context: RouteContext & { movableClock: MovableClock | null },
  s: AppServices,
): Promise<void> {
  const { config, db, movableClock } = context;
  // The local outbox and its JSON contract for end-to-end tests; off in production by default.
  if (config.devTools) {
    registerOutboxRoutes(app, { db });
    registerDevSmsReplyRoutes(app, { ...s.inboundTexts, deploymentSender: config.twilio?.from ?? null });
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
  if (config.devTools && s.paymentAdapter.provider === 'local')
    await registerLocalCheckoutRoutes(app, {
      db,
      payments: s.payments,
      publicUrl: config.publicUrl,
      trustProxy: config.trustProxy,
    });
}
