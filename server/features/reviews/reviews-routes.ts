import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FeedbackBodySchema,
  FeedbackResultSchema,
  ReviewRequestLinkSchema,
  ReviewRequestPracticeSchema,
} from '#domain/reviews/review-schemas.ts';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translator } from '../../i18n/translate.ts';
import { ok } from '../../http/request-parsing.ts';
import { answers, BODY_ERRORS, okResult } from '../../http/route-schemas.ts';
import type { PracticesService } from '../practices/practices-service.ts';
import { createReviewsService } from './reviews-service.ts';
import * as messages from './reviews.messages.ts';

const t = translator(messages);

export interface ReviewRoutesDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'rateLimitMultiplier'>;
  practices: PracticesService;
}

/** Per-IP limits of the patient-facing review calls, scaled like the others by RATE_LIMIT_MULTIPLIER. */
const LIMITS = {
  lookup: { max: 60, timeWindow: 60_000 },
  feedback: { max: 10, timeWindow: 10 * 60_000 },
};

const tags = ['reviews'];
// Any text: an id or token that is none is the same 404 as an unknown one, said by the service.
const SCHEMAS = {
  link: {
    summary: 'What a review request link is for',
    tags,
    params: z.object({ token: z.string() }),
    response: answers({ 200: okResult(ReviewRequestLinkSchema) }, [404]),
  },
  practice: {
    summary: 'The practice a review request belongs to',
    tags,
    params: z.object({ requestId: z.string() }),
    response: answers({ 200: okResult(ReviewRequestPracticeSchema) }, [404]),
  },
  track: {
    summary: "Counts a click and redirects to the practice's review page (302; an HTML page on error)",
    tags,
    params: z.object({ requestId: z.string() }),
    response: answers({ 302: z.null() }, [404]),
  },
  feedback: {
    summary: "A patient's private feedback",
    tags,
    body: FeedbackBodySchema,
    response: answers({ 201: okResult(FeedbackResultSchema) }, [...BODY_ERRORS, 404, 409]),
  },
};

/** Spec section 7, `review/*`. */
export function registerReviewRoutes(app: FastifyInstance, deps: ReviewRoutesDeps): void {
  const reviews = createReviewsService({
    db: deps.db,
    clock: deps.clock,
    publicUrl: deps.config.publicUrl,
    practices: deps.practices,
  });
  const scaled = (limit: { max: number; timeWindow: number }) => ({
    max: Math.max(1, Math.round(limit.max * deps.config.rateLimitMultiplier)),
    timeWindow: limit.timeWindow,
  });

  // The token in this path opens a patient's page: the route logs only warnings, never the path.
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    '/review/verify-request-link/:token',
    { schema: SCHEMAS.link, logLevel: 'warn', config: { rateLimit: scaled(LIMITS.lookup) } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      return ok(await reviews.verifyLink(request.params.token));
    },
  );

  // The feedback page's branding: which practice a request belongs to (nothing about the patient).
  api.get(
    '/review/request/:requestId/practice',
    { schema: SCHEMAS.practice, config: { rateLimit: scaled(LIMITS.lookup) } },
    async (request) => ok(await reviews.findRequestPractice(request.params.requestId)),
  );

  // Opened in a new tab, not fetched (spec section 7): a failure reads as a page there.
  api.get(
    '/review/track/:requestId',
    { schema: SCHEMAS.track, config: { rateLimit: scaled(LIMITS.lookup) } },
    async (request, reply) => {
      try {
        const target = await reviews.trackClick(request.params.requestId);
        return reply.header('cache-control', 'no-store').redirect(target, 302);
      } catch (error) {
        if (error instanceof AppError && prefersHtml(request)) return sendErrorPage(request, reply, error);
        throw error;
      }
    },
  );

  const feedback = { schema: SCHEMAS.feedback, config: { rateLimit: scaled(LIMITS.feedback) } };
  api.post('/review/feedback', feedback, async (request, reply) => {
    const result = await reviews.submitFeedback(request.body);
    return reply.status(201).send(ok(result, t(request.language, 'feedbackReceived')));
  });
}

function prefersHtml(request: FastifyRequest): boolean {
  return /text\/html/.test(request.headers.accept ?? '');
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function sendErrorPage(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const { language } = request;
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
  const message = escape(error.messageIn(language));
  return reply
    .status(error.statusCode)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" ` +
        `content="width=device-width, initial-scale=1"><title>${escape(t(language, 'errorPageTitle'))}</title>` +
        `</head><body><main><h1>${escape(t(language, 'errorPageHeading'))}</h1><p>${message}</p></main></body></html>`,
    );
}
