import type { FastifyInstance } from 'fastify';
import type { ServerAbout } from '#domain/practice/server-about-schema.ts';
import type { Database } from '../../db/database.ts';
import { ok } from '../../http/request-parsing.ts';
import { listPracticeNames } from './practices-repository.ts';

/** What the page at `/` shows (ADR 0065): practices on a development server only. */
export function registerAboutRoutes(api: FastifyInstance, deps: { db: Database; devTools: boolean }): void {
  api.get('/about', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    const about: ServerAbout = {
      dev_tools: deps.devTools,
      practices: deps.devTools ? await listPracticeNames(deps.db) : [],
    };
    return ok(about);
  });
}
