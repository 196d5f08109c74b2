import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { pingDatabase, type Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/request-parsing.ts';
import { answers, okResult } from '../../http/route-schemas.ts';

const DATABASE_CHECK_TIMEOUT_MS = 2_000;

/** What monitors read; they may rely on these fields, and others may be added. */
const HealthSchema = z.object({
  status: z.literal('ok'),
  database: z.object({ kind: z.enum(['pglite', 'postgres']), latency_ms: z.number() }),
});

const schema = {
  summary: 'Liveness and a database round trip',
  tags: ['health'],
  response: answers({ 200: okResult(HealthSchema) }),
};

/** Liveness plus a database round trip, for load balancers and monitors. */
export function registerHealthRoutes(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().get('/health', { schema }, async () => {
    const started = Date.now();
    try {
      await withTimeout(pingDatabase(db), DATABASE_CHECK_TIMEOUT_MS);
    } catch {
      throw AppError.unavailable('The database is unreachable.');
    }
    return ok({ status: 'ok' as const, database: { kind: db.kind, latency_ms: Date.now() - started } });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
