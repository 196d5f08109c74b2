import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { documentDescription, documentTitle, PRODUCT_NAME } from '#domain/product.ts';
import { FormUrlSchema } from '#domain/practice/practice-query-schemas.ts';
import type { PracticesService } from '../features/practices/practices-service.ts';
import { AppError } from './app-error.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** Paths under a practice slug that the SPA knows (spec section 2). */
const PRACTICE_SUBPAGES = new Set(['', 'payment-success', 'payment-failed']);

export function renderIndexHtml(template: string, meta: { title: string; description: string }): string {
  return template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"\s*\/?>/, `<meta name="description" content="${escapeHtml(meta.description)}" />`);
}

/**
 * Serves the built SPA: hashed assets with a year-long cache (precompressed .br/.gz when present),
 * and index.html for every other path with the practice's title and description already written
 * in, so link previews show them before any script runs. Unknown paths get the same page with 404.
 */
export async function registerSpaRoutes(app: FastifyInstance, options: { webDir: string; practices: PracticesService }): Promise<void> {
  const indexPath = join(options.webDir, 'index.html');
  const template = existsSync(indexPath) ? readFileSync(indexPath, 'utf8') : null;
  if (!template) app.log.warn(`No built web app at ${options.webDir}; run \`npm run build\`. Only the API is served.`);
  // One registration for every built file (wildcard off: routes are made from the files found at
  // start). Hashed files under assets/ never change, so browsers may keep them for a year.
  if (template) {
    await app.register(fastifyStatic, {
      root: options.webDir,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      setHeaders(res, filePath) {
        const isHashed = filePath.includes(`${sep}assets${sep}`);
        res.setHeader('cache-control', isHashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  const sendPage = (reply: FastifyReply, status: number, meta: { title: string; description: string }) => {
    if (!template) throw new AppError(404, 'NOT_FOUND', 'The web app is not built. Run `npm run build`.');
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(renderIndexHtml(template, meta));
  };

  const genericMeta = { title: PRODUCT_NAME, description: documentDescription(null) };

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api') {
      throw new AppError(404, 'NOT_FOUND', `There is no API endpoint ${request.method} ${path}.`);
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError(404, 'NOT_FOUND', `Nothing is served at ${request.method} ${path}.`);
    }
    const segments = path.split('/').filter(Boolean).map(decodeSegment);
    if (segments[0] === 'review' && segments.length === 2) return sendPage(reply, 200, genericMeta);
    const [slug, subpage = '', ...rest] = segments;
    if (slug && rest.length === 0 && PRACTICE_SUBPAGES.has(subpage) && FormUrlSchema.safeParse(slug).success) {
      const details = await options.practices.getFormDetails(slug).catch(() => null);
      if (details) return sendPage(reply, 200, { title: documentTitle(details.name), description: documentDescription(details.description) });
    }
    return sendPage(reply, 404, genericMeta);
  });
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
