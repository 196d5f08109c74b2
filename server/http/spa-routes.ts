import { escapeHtml } from '#domain/format/html-escape.ts';
import { decodePathSegment } from '#domain/format/path-segment.ts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as productMessages from '#domain/product.messages.ts';
import { PRODUCT_NAME } from '#domain/product.ts';
import { FormUrlSchema } from '#domain/practice/practice-query-schemas.ts';
import { DEFAULT_LANGUAGE, type Language } from '#domain/i18n/languages.ts';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';
import type { ServerRenderModule } from '#domain/practice/practice-page-data.ts';
import type { Database } from '../db/database.ts';
import type { InlineScriptAllowance } from './security-headers.ts';
import { translator } from '../i18n/translate.ts';
import {
  bookingPageKey,
  loadServerRender,
  renderBookingPage,
  renderPrivatePage,
  readStartScript,
  START_SCRIPT,
  withInlineStyles,
  withStartScript,
  type BookingPageSource,
  type ManagePageSource,
  type PrivatePage,
  type ReviewPageSource,
} from './booking-page-render.ts';
import { createPracticePageCache, type PracticePageCache } from './practice-page-cache.ts';
import { AppError } from './app-error.ts';
import { compressedPage } from './page-compression.ts';
import { varyByLanguage } from './request-language.ts';
import * as messages from './http.messages.ts';

const t = translator(messages);

/** Paths under a practice slug that the SPA knows (spec section 2). */
const PRACTICE_SUBPAGES = new Set(['', 'payment-success', 'payment-failed']);

/**
 * What the page routes need of the features: the head's name and description, the booking page's
 * data, a review link and a manage link's booking (ADR 0072).
 */
export type PracticePageLookup = BookingPageSource & { reviews?: ReviewPageSource; manage?: ManagePageSource };

export function renderIndexHtml(
  template: string,
  meta: { title: string; description: string; language?: Language },
): string {
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${meta.language ?? DEFAULT_LANGUAGE}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    );
}

/** The files an index.html loads from this server: its scripts, styles, preloads and icons. */
export function referencedFiles(html: string): string[] {
  return [...html.matchAll(/\b(?:src|href)="\/([^"?#]+)"/g)]
    .map((match) => match[1] ?? '')
    .filter((path) => !path.endsWith('/'));
}

// A build writes index.html and its assets one after the other: a copy taken in between is taken again.
const COPY_ATTEMPTS = 20;
const COPY_RETRY_MS = 250;

/**
 * A private copy of the built web app, taken at start and served until the process stops
 * (ADR 0007). `vite build` empties `dist/web` and writes new hashed files, so a server serving
 * `dist/web` itself would hand out an index.html whose scripts are gone, or a new index.html it
 * has no routes for. Null when nothing is built.
 */
async function copyBuiltApp(
  webDir: string,
  log: FastifyInstance['log'],
): Promise<{ dir: string; template: string } | null> {
  for (let attempt = 1; attempt <= COPY_ATTEMPTS; attempt++) {
    if (!existsSync(join(webDir, 'index.html'))) {
      if (attempt === 1) return null;
    } else {
      const dir = mkdtempSync(join(tmpdir(), 'chairtime-web-'));
      try {
        cpSync(webDir, dir, { recursive: true });
        const template = readFileSync(join(dir, 'index.html'), 'utf8');
        if (referencedFiles(template).every((file) => existsSync(join(dir, file)))) return { dir, template };
      } catch {
        // the build removed a file while we copied it: try again
      }
      rmSync(dir, { recursive: true, force: true });
    }
    await sleep(COPY_RETRY_MS);
  }
  log.warn(`The web app at ${webDir} stayed incomplete (a build still running?). Only the API is served.`);
  return null;
}

/**
 * Serves the built SPA: hashed assets with a year-long cache (precompressed .br/.gz when present),
 * and index.html for every other path with the practice's title and description already written
 * in, so link previews show them before any script runs. Unknown paths get the same page with 404.
 */
export async function registerSpaRoutes(
  app: FastifyInstance,
  options: {
    webDir: string;
    ssrDir?: string;
    practices: PracticePageLookup;
    db: Pick<Database, 'listen'>;
    /** Counts a manage page's server-side lookup of its link against the API's limit for it (ADR 0085). */
    isManageLookupAllowed?: (request: FastifyRequest) => Promise<boolean>;
    /** Allows the booking page's start script, written into the page, in the CSP (ADR 0085). */
    allowInlineScript?: InlineScriptAllowance;
  },
): Promise<void> {
  const built = await copyBuiltApp(options.webDir, app.log);
  if (built) await registerBuiltFiles(app, built.dir);
  else app.log.warn(`No built web app at ${options.webDir}; run \`npm run build\`. Only the API is served.`);
  const bookingPages = built ? await loadBookingPages(app, options, built) : null;
  const sendPage = createPageSender(built?.template ?? null);
  const isManageLookupAllowed = options.isManageLookupAllowed ?? (async () => true);
  app.setNotFoundHandler(pageHandler(sendPage, options.practices, bookingPages, isManageLookupAllowed));
}

interface BookingPages {
  module: ServerRenderModule;
  cache: PracticePageCache;
  /** index.html with its style sheets written in (ADR 0077). */
  template: string;
}

/** The server rendering of booking pages (ADR 0072), when the web app's server build is there. */
async function loadBookingPages(
  app: FastifyInstance,
  options: { webDir: string; ssrDir?: string; db: Pick<Database, 'listen'>; allowInlineScript?: InlineScriptAllowance },
  built: { dir: string; template: string },
): Promise<BookingPages | null> {
  const ssrDir = options.ssrDir ?? join(dirname(options.webDir), 'ssr');
  const module = await loadServerRender(ssrDir, app).catch((error: unknown) => {
    app.log.warn({ err: error }, `The server build at ${ssrDir} did not load; pages render in the browser only.`);
    return null;
  });
  if (!module) return null;
  const startScript = readStartScript(built.dir);
  if (!startScript || !options.allowInlineScript) {
    app.log.warn(`The build at ${options.webDir} has no ${START_SCRIPT}; pages render in the browser only.`);
    return null;
  }
  options.allowInlineScript(startScript);
  const cache = createPracticePageCache(options.db, () => Date.now());
  app.addHook('onClose', () => cache.close());
  return { module, cache, template: withStartScript(withInlineStyles(built.template, built.dir), startScript) };
}

/**
 * One registration for every built file (wildcard off: routes are made from the files found at
 * start). Hashed files under assets/ never change, so browsers may keep them for a year.
 */
async function registerBuiltFiles(app: FastifyInstance, dir: string): Promise<void> {
  app.addHook('onClose', async () => rmSync(dir, { recursive: true, force: true }));
  await app.register(fastifyStatic, {
    root: dir,
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

type PageMeta = { title: string; description: string };
/** The page for a head (meta), or a page already written (html). */
type PageSender = (
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  page: PageMeta | { html: string },
) => FastifyReply;

// The page's language comes from ?lang=, the cookie or Accept-Language (ADR 0034): caches must
// keep one copy per value of those headers (the query is part of the URL already).
function createPageSender(template: string | null): PageSender & { template: string | null } {
  const send: PageSender = (request, reply, status, page) => {
    if (!template) throw new AppError(404, 'NOT_FOUND', 'The web app is not built. Run `npm run build`.');
    varyByLanguage(reply);
    return reply
      .status(status)
      .header('cache-control', reply.getHeader('cache-control') ?? 'no-cache')
      .type('text/html; charset=utf-8')
      .send(
        compressedPage(
          request,
          reply,
          'html' in page ? page.html : renderIndexHtml(template, { ...page, language: request.language }),
        ),
      );
  };
  return Object.assign(send, { template });
}

const product = translator(productMessages);
const genericMeta = (language: Language): PageMeta => ({
  title: PRODUCT_NAME,
  description: product(language, 'defaultDescription'),
});

/** A page whose address is a key (booking, unsubscribe, set-password link): never indexed, cached or leaked. */
function keepPrivate(reply: FastifyReply): void {
  void reply
    .header('x-robots-tag', 'noindex, nofollow')
    .header('referrer-policy', 'no-referrer')
    .header('cache-control', 'no-store');
}

function pageHandler(
  sendPage: PageSender & { template: string | null },
  practices: PracticePageLookup,
  bookingPages: BookingPages | null,
  isManageLookupAllowed: (request: FastifyRequest) => Promise<boolean>,
) {
  /**
   * A page rendered on the server per request and never kept (ADR 0072): a review, feedback, manage or
   * payment-result page. Its address is a key or it names a patient, so it is private even when not rendered.
   */
  async function privatePageHtml(request: FastifyRequest, reply: FastifyReply, page: PrivatePage) {
    keepPrivate(reply);
    if (!bookingPages) return null;
    // The lookup is the API's `GET appointment/manage/{token}`, counted as one (ADR 0085); over the limit, the
    // page is left to the browser, whose own lookup is then refused (429), as it was before the page was rendered.
    if (page.kind === 'manage' && !(await isManageLookupAllowed(request).catch(() => false))) return null;
    const { template } = bookingPages;
    const { language } = request;
    const pageFor = (form: FormDetails) => renderIndexHtml(template, { ...practiceMeta(form, language), language });
    const sources = { reviews: practices.reviews, manage: practices.manage };
    return renderPrivatePage({ ...bookingPages, source: practices, sources, page, language, pageFor }).catch(
      (error: unknown) => {
        request.log.error({ err: error }, 'A private page could not be rendered on the server');
        return null;
      },
    );
  }
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path === '/api') {
      throw new AppError(404, 'NOT_FOUND', t.localized('noApiEndpoint', { method: request.method, path }));
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      throw new AppError(404, 'NOT_FOUND', t.localized('nothingServed', { method: request.method, path }));
    }
    const segments = path.split('/').filter(Boolean).map(decodePathSegment);
    // The page that says what this server is (ADR 0065).
    if (segments.length === 0) return sendPage(request, reply, 200, genericMeta(request.language));
    if (segments[0] === 'review' && segments.length === 2) {
      const requestId = new URLSearchParams(request.url.split('?')[1] ?? '').get('requestId') ?? '';
      const page: PrivatePage =
        segments[1] === 'feedback' ? { kind: 'feedback', requestId } : { kind: 'review', token: segments[1] ?? '' };
      const html = await privatePageHtml(request, reply, page);
      return sendPage(request, reply, 200, html ? { html } : genericMeta(request.language));
    }
    // The unsubscribe link of reminder e-mails (ADR 0037) is a key to a patient's booking, kept private like the
    // manage page; the staff console (ADR 0038) is never indexed nor cached, and its set-password links are keys.
    if ((segments[0] === 'unsubscribe' && segments.length === 2) || segments[0] === 'console') {
      keepPrivate(reply);
      return sendPage(request, reply, 200, genericMeta(request.language));
    }
    const [slug] = segments;
    if (bookingPages && slug && segments.length === 1 && FormUrlSchema.safeParse(slug).success) {
      const pages = { ...bookingPages, source: practices };
      const html = await bookingPageHtml(request, slug, pages).catch((error: unknown) => {
        // A page the browser renders, as before ADR 0072, rather than an error page.
        request.log.error({ err: error }, 'The booking page could not be rendered on the server');
        return null;
      });
      if (html) return sendPage(request, reply, 200, { html });
    }
    const privatePage = slug ? practicePrivatePage(slug, segments.slice(1), request.url) : null;
    if (privatePage) {
      const html = await privatePageHtml(request, reply, privatePage);
      if (html) return sendPage(request, reply, 200, { html });
    }
    const meta = await practicePageMeta(segments, reply, practices, request.language);
    return sendPage(request, reply, meta ? 200 : 404, meta ?? genericMeta(request.language));
  };
}

/**
 * `/{form_url}` rendered on the server (ADR 0072), from the cache when the same practice, variant
 * and language were rendered a moment ago; null for a practice that does not exist.
 */
async function bookingPageHtml(
  request: FastifyRequest,
  slug: string,
  pages: BookingPages & { source: BookingPageSource; template: string },
): Promise<string | null> {
  const { language } = request;
  const search = new URLSearchParams(request.url.split('?')[1] ?? '');
  const key = bookingPageKey(slug, search, language);
  const cached = pages.cache.get(key);
  if (cached) return cached;
  const form = await pages.source.getFormDetails(slug, language).catch(() => null);
  if (!form) return null;
  const page = renderIndexHtml(pages.template, { ...practiceMeta(form, language), language });
  const { html, isVariantKnown } = await renderBookingPage({ ...pages, form, slug, search, language, page });
  if (isVariantKnown) pages.cache.set(key, form.id, html);
  return html;
}

/** A practice's manage page or payment-result page, which the server renders per request (ADR 0072); else null. */
function practicePrivatePage(formUrl: string, subpages: string[], url: string): PrivatePage | null {
  if (!FormUrlSchema.safeParse(formUrl).success) return null;
  const [subpage, token, ...rest] = subpages;
  if (subpage === 'appointment' && token && rest.length === 0) return { kind: 'manage', formUrl, token };
  const isPayment = (subpage === 'payment-success' || subpage === 'payment-failed') && token === undefined;
  return isPayment ? { kind: 'payment', formUrl, url } : null;
}

function practiceMeta(details: Pick<FormDetails, 'name' | 'description'>, language: Language): PageMeta {
  return {
    title: product(language, 'documentTitle', { practice: details.name, product: PRODUCT_NAME }),
    description: details.description?.trim() || genericMeta(language).description,
  };
}

/** The head of a practice's page (its form, payment returns, a manage page), or null when there is no such page. */
async function practicePageMeta(
  segments: string[],
  reply: FastifyReply,
  practices: PracticePageLookup,
  language: Language,
): Promise<PageMeta | null> {
  const [slug, subpage = '', ...rest] = segments;
  // A patient's manage page (ADR 0036): its address is a key to their booking, so no search
  // engine keeps it and no page it links to learns it from the Referer.
  const isManagePage = subpage === 'appointment' && rest.length === 1;
  if (isManagePage) keepPrivate(reply);
  const isPracticePage = (rest.length === 0 && PRACTICE_SUBPAGES.has(subpage)) || isManagePage;
  if (!slug || !isPracticePage || !FormUrlSchema.safeParse(slug).success) return null;
  const details = await practices.getFormDetails(slug, language).catch(() => null);
  return details ? practiceMeta(details, language) : null;
}
