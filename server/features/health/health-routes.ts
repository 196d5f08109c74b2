import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase, type Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/request-parsing.ts';
import { answers, okResult } from '../../http/route-schemas.ts';
import type { Clock } from '../../clock.ts';
import { listMirrorStatuses } from '../../adapters/pms/opendental/opendental-mirror-repository.ts';
import { hasAdminKey } from '../admin/admin-auth.ts';
import { isMirrorStale, lagSeconds } from '../opendental/opendental-status-routes.ts';

const DATABASE_CHECK_TIMEOUT_MS = 2_000;

/** What monitors read; they may rely on these fields, and others may be added. */
const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), latency_ms: z.number() }),
  opendental: z.object({
    stale_mirrors: z.number().int(),
    /** Only with the admin key (ADR 0071): which practice's mirror is how far behind; never a customer key. */
    practices: z
      .array(
        z.object({
          form_url: z.string(),
          last_refreshed_at: z.string().nullable(),
          lag_seconds: z.number().nullable(),
        }),
      )
      .optional(),
  }),
});

const schema = {
  summary: 'Liveness, a database round trip and how many Open Dental mirrors are stale',
  tags: ['health'],
  response: answers({ 200: okResult(HealthSchema) }),
};

/**
 * Liveness plus a database round trip, for load balancers and monitors; how many Open Dental
 * mirrors are stale (ADR 0071), and with the admin key which practice's is how far behind.
 */
export function registerHealthRoutes(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; adminApiKey: string | undefined },
): void {
  const { db } = deps;
  app.withTypeProvider<ZodTypeProvider>().get('/health', { schema }, async (request) => {
    const started = Date.now();
    try {
      await withTimeout(pingDatabase(db), DATABASE_CHECK_TIMEOUT_MS);
    } catch {
      throw AppError.unavailable('The database is unreachable.');
    }
    const latency = Date.now() - started;
    const mirrors = await listMirrorStatuses(db);
    const now = deps.clock.now();
    const opendental = {
      stale_mirrors: mirrors.filter((mirror) => isMirrorStale(mirror, now)).length,
      // Only the operator sees which practice is which; never a customer key.
      ...(hasAdminKey(request, deps.adminApiKey)
        ? {
            practices: mirrors.map((mirror) => ({
              form_url: mirror.formUrl,
              last_refreshed_at: mirror.lastRefreshedAt?.toISOString() ?? null,
              lag_seconds: lagSeconds(mirror, now),
            })),
          }
        : {}),
    };
    return ok({ status: 'ok' as const, database: { kind: db.kind, latency_ms: latency }, opendental });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
