import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { fileURLToPath } from 'node:url';
import { createMovableClock, systemClock, type Clock } from './clock.ts';
import type { MailAdapter } from './adapters/mail/mail-adapter.ts';
import type { SmsAdapter } from './adapters/sms/sms-adapter.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { OpenDentalMirror } from './adapters/pms/opendental/opendental-mirror-sync.ts';
import type { BookingLifecycle } from './features/bookings/booking-lifecycle-service.ts';
import type { PaymentAdapter } from './adapters/payments/payment-adapter.ts';
import { frameworkErrorReply, registerErrorHandling } from './http/error-handler.ts';
import { registerRequestLanguage } from './http/request-language.ts';
import { registerRateLimits, routeLimitCounter } from './http/rate-limits.ts';
import { registerRequestGuards } from './http/request-guards.ts';
import { registerCanonicalOrigin } from './http/canonical-origin.ts';
import { registerSecurityHeaders, type InlineScriptAllowance } from './http/security-headers.ts';
import { registerSpaRoutes } from './http/spa-routes.ts';
import { registerRouteSchemas } from './http/route-schemas.ts';
import { createReviewsService } from './features/reviews/reviews-service.ts';
import { requestForLog } from './http/log-redaction.ts';
import { createAppServices } from './app-services.ts';
import { createBackgroundWork, type BackgroundWork } from './app-background.ts';
import { API_PREFIX, registerApiRoutes, registerDevRoutes } from './app-routes.ts';
import { MANAGE_VIEW_PATH } from './features/manage/manage-routes.ts';
import { registerMediaRoutes } from './features/settings/practice-images-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    background: BackgroundWork;
    /** Status changes and moves of existing bookings (ADR 0033), for the features built on them. */
    bookingLifecycle: BookingLifecycle;
    /** The one clock of this process: main.ts gives it to the job worker too, so a moved clock moves everything. */
    clock: Clock;
    /** The Open Dental practices' mirrors (ADR 0071), when Open Dental is configured: main.ts starts it. */
    openDentalMirror: OpenDentalMirror | undefined;
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
  /** Hooks every route passes through, installed before any route (the tests' answer check, ADR 0070). */
  beforeRoutes?: (app: FastifyInstance) => void;
}

const DEFAULT_WEB_DIR = fileURLToPath(new URL('../dist/web/', import.meta.url));
const BODY_LIMIT_BYTES = 100 * 1024;

/** Fastify with the hooks and plugins every request passes through, before any route. */
async function createHttpApp({
  config,
  logger,
  beforeRoutes,
}: AppDeps): Promise<{ app: FastifyInstance; allowInlineScript: InlineScriptAllowance }> {
  const app = Fastify({
    // Request lines go through one rule: no query string, no token of a link (log-redaction.ts).
    logger:
      logger === false ? false : { ...(logger ?? { level: config.logLevel }), serializers: { req: requestForLog } },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // Router-level refusals (broken percent-encoding, over-long path segments) get our error shape.
    frameworkErrors: frameworkErrorReply,
  });
  registerRequestLanguage(app);
  registerErrorHandling(app);
  registerRequestGuards(app);
  beforeRoutes?.(app);
  const allowInlineScript = await registerSecurityHeaders(app, { isProduction: config.nodeEnv === 'production' });
  // After the security headers, so a redirect carries them too.
  registerCanonicalOrigin(app, { publicUrl: config.publicUrl, trustProxy: config.trustProxy });
  await app.register(compress, { encodings: ['br', 'gzip'], threshold: 1024 });
  return { app, allowInlineScript };
}

/** Builds the whole application without listening, so tests drive it with `app.inject`. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const { app, allowInlineScript } = await createHttpApp(deps);
  // With DEV_TOOLS, /_dev/clock can move it; unmoved it reads exactly the base clock. Production keeps the plain one.
  const movableClock = config.devTools ? createMovableClock(deps.clock ?? systemClock) : null;
  const clock = movableClock ?? deps.clock ?? systemClock;
  app.decorate('clock', clock);
  await registerRouteSchemas(app, { clock });
  const rateLimits = await registerRateLimits(app, { db, clock, multiplier: config.rateLimitMultiplier });
  const services = createAppServices(app, deps, clock);
  app.decorate('bookingLifecycle', services.bookingLifecycle);
  app.decorate('openDentalMirror', services.openDentalMirror);
  app.decorate('background', createBackgroundWork({ config, db, clock }, services));
  await registerApiRoutes(app, { config, db, clock }, services, rateLimits);
  await registerDevRoutes(app, { config, db, clock, movableClock }, services);
  registerMediaRoutes(app, { db });
  const reviews = createReviewsService({ db, clock, publicUrl: config.publicUrl, practices: services.practices });
  const pages = { ...services.practices, reviews, manage: services.manage };
  const manageView = { method: 'GET', url: `${API_PREFIX}${MANAGE_VIEW_PATH}` };
  const isManageLookupAllowed = routeLimitCounter({ db, clock }, manageView, rateLimits.manageLookup);
  const webDir = deps.webDir ?? DEFAULT_WEB_DIR;
  await registerSpaRoutes(app, { webDir, practices: pages, db, isManageLookupAllowed, allowInlineScript });
  return app;
}
