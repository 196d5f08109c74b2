import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ServerAboutSchema, type ServerAbout } from '#domain/practice/server-about-schema.ts';
import type { Database } from '../../db/database.ts';
import { ok } from '../../http/request-parsing.ts';
import { answers, okResult } from '../../http/route-schemas.ts';
import { listPracticeNames } from './practices-repository.ts';

const schema = {
  summary: 'What this server is; its practices on a development server',
  tags: ['practices'],
  response: answers({ 200: okResult(ServerAboutSchema) }),
};

/** What the page at `/` shows (ADR 0065): practices on a development server only. */
export function registerAboutRoutes(api: FastifyInstance, deps: { db: Database; devTools: boolean }): void {
  api.withTypeProvider<ZodTypeProvider>().get('/about', { schema }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    const about: ServerAbout = {
      dev_tools: deps.devTools,
      practices: deps.devTools ? await listPracticeNames(deps.db) : [],
    };
    return ok(about);
  });
}
