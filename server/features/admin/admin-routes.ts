import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import {
  CreatedReviewRequestSchema,
  CreateReviewRequestBodySchema,
  ReviewRequestStatusSchema,
} from '#domain/reviews/review-request-schemas.ts';
import { ok } from '../../http/request-parsing.ts';
import { answers, BODY_ERRORS, okResult } from '../../http/route-schemas.ts';
import type { PracticesService } from '../practices/practices-service.ts';
import { reviewsServiceOf } from '../reviews/reviews-service.ts';
import { requireAdminKey } from './admin-auth.ts';

export interface AdminRoutesDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'adminApiKey' | 'publicUrl' | 'rateLimitMultiplier'> & Partial<Pick<Config, 'offers'>>;
  practices: PracticesService;
}

// Operators are few; the limit only slows down someone guessing keys.
const ADMIN_LIMIT = { max: 120, timeWindow: 60_000 };

// 401: no key or a wrong one (admin-auth.ts).
const tags = ['admin'];
const SCHEMAS = {
  create: {
    summary: 'Asks a patient for a review (operators, bearer ADMIN_API_KEY)',
    tags,
    body: CreateReviewRequestBodySchema,
    response: answers({ 201: okResult(CreatedReviewRequestSchema) }, [...BODY_ERRORS, 401, 404, 409]),
  },
  status: {
    summary: 'What became of a review request (operators, bearer ADMIN_API_KEY)',
    tags,
    // Any text: an id that is none is the same 404 as an unknown one, said by the service.
    params: z.object({ requestId: z.string() }),
    response: answers({ 200: okResult(ReviewRequestStatusSchema) }, [401, 404]),
  },
};

/**
 * `/api/v1/admin/*` for operators, behind `Authorization: Bearer ADMIN_API_KEY`. Without a key
 * configured nothing is registered: the paths answer the API's ordinary 404, as if absent.
 */
export function registerAdminRoutes(api: FastifyInstance, deps: AdminRoutesDeps): void {
  const { adminApiKey } = deps.config;
  if (!adminApiKey) return;
  const reviews = reviewsServiceOf(deps);
  const rateLimit = {
    max: Math.max(1, Math.round(ADMIN_LIMIT.max * deps.config.rateLimitMultiplier)),
    timeWindow: ADMIN_LIMIT.timeWindow,
  };

  void api.register(
    async (scope) => {
      scope.addHook('preParsing', requireAdminKey(adminApiKey));
      const admin = scope.withTypeProvider<ZodTypeProvider>();

      admin.post('/review-requests', { schema: SCHEMAS.create, config: { rateLimit } }, async (request, reply) => {
        return reply.status(201).send(ok(await reviews.createRequest(request.body)));
      });

      admin.get('/review-requests/:requestId', { schema: SCHEMAS.status, config: { rateLimit } }, async (request) => {
        return ok(await reviews.getRequestStatus(request.params.requestId));
      });
    },
    { prefix: '/admin' },
  );
}
