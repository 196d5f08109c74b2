import type { FastifyInstance } from 'fastify';
import { pingDatabase, type Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/request-parsing.ts';

const DATABASE_CHECK_TIMEOUT_MS = 2_000;

/** Liveness plus a database round trip, for load balancers and monitors. */
export function registerHealthRoutes(app: FastifyInstance, db: Database): void {
  app.get('/health', async () => {
    const started = Date.now();
    try {
      await withTimeout(pingDatabase(db), DATABASE_CHECK_TIMEOUT_MS);
    } catch {
      throw AppError.unavailable('The database is unreachable.');
    }
    return ok({ status: 'ok', database: { kind: db.kind, latency_ms: Date.now() - started } });
  });
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
