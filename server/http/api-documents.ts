import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { apiReferencePage } from './api-reference-page.ts';
import { AppError } from './app-error.ts';
import { answers } from './route-schemas.ts';

export type ApiDocument = OpenAPIV3_1.Document;

/** Where the staff console's API lives: its own document, for a signed-in staff member only. */
export const STAFF_PREFIX = '/api/v1/staff/';

/** Where the development tools live: in the public document where they are registered (DEV_TOOLS on, ADR 0070). */
export const DEV_PREFIX = '/_dev/';

/** Whether a path is one the documents describe: the API's, and the development tools'. */
export const isDescribedPath = (path: string) => path.startsWith('/api/v1/') || path.startsWith(DEV_PREFIX);

/** The description the collector built, split in two (ADR 0070): the public API, and the staff console's. */
export function splitDocument(whole: ApiDocument): { public: ApiDocument; staff: ApiDocument } {
  const paths = Object.entries(whole.paths ?? {}).filter(([path]) => isDescribedPath(path));
  const part = (isStaff: boolean, title: string): ApiDocument => ({
    ...whole,
    info: { ...whole.info, title },
    paths: Object.fromEntries(paths.filter(([path]) => path.startsWith(STAFF_PREFIX) === isStaff)),
  });
  return { public: part(false, 'Dental booking API'), staff: part(true, 'Dental booking staff console API') };
}

const DocumentSchema = z.record(z.string(), z.unknown());
const tags = ['documentation'];
const SCHEMAS = {
  public: {
    summary: 'This description of the public API (OpenAPI 3.1)',
    tags,
    response: answers({ 200: DocumentSchema }),
  },
  staff: {
    summary: "The staff console's API description (OpenAPI 3.1), for a signed-in staff member",
    tags,
    response: answers({ 200: DocumentSchema }, [401]),
  },
  page: { summary: 'A readable reference of the public API (HTML, no script)', tags, response: answers({}) },
};

/**
 * `GET /api/v1/openapi.json`, `GET /api/v1/openapi-staff.json` (a staff session only; the staff
 * guard decides) and the reference page `GET /api/v1/docs`, built from the route schemas once the
 * app is ready and kept for the life of the process.
 */
export function registerApiDocuments(
  app: FastifyInstance,
  deps: { isStaffSession: (request: FastifyRequest) => Promise<boolean> },
): void {
  let documents: ReturnType<typeof splitDocument> | undefined;
  let page: string | undefined;
  const read = () => (documents ??= splitDocument(app.swagger() as ApiDocument));
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get('/openapi.json', { schema: SCHEMAS.public }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return read().public as Record<string, unknown>;
  });
  api.get('/openapi-staff.json', { schema: SCHEMAS.staff }, async (request, reply) => {
    if (!(await deps.isStaffSession(request)))
      throw new AppError(401, 'UNAUTHORIZED', 'Sign in to the staff console to read its API description.');
    reply.header('cache-control', 'private, no-store');
    return read().staff as Record<string, unknown>;
  });
  api.get('/docs', { schema: SCHEMAS.page }, async (_request, typed) => {
    page ??= apiReferencePage(read().public);
    // A page, not JSON: its schema declares the errors only.
    const reply = typed as FastifyReply;
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
  });
}
