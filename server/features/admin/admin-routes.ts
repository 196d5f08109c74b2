import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { CreateReviewRequestBodySchema } from '#domain/reviews/review-request-schemas.ts';
import { ok, parseBody } from '../../http/request-parsing.ts';
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
    async (admin) => {
      admin.addHook('preParsing', requireAdminKey(adminApiKey));

      admin.post('/review-requests', { config: { rateLimit } }, async (request, reply) => {
        return reply
          .status(201)
          .send(ok(await reviews.createRequest(parseBody(CreateReviewRequestBodySchema, request.body))));
      });

      admin.get<{ Params: { requestId: string } }>(
        '/review-requests/:requestId',
        { config: { rateLimit } },
        async (request) => {
          return ok(await reviews.getRequestStatus(request.params.requestId));
        },
      );
    },
    { prefix: '/admin' },
  );
}
