import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { Language } from '#domain/i18n/languages.ts';
import {
  jsonForHtml,
  PRACTICE_DATA_ELEMENT_ID,
  type PracticePageData,
  type ServerRenderModule,
} from '#domain/practice/practice-page-data.ts';
import type { ManagedAppointment } from '#domain/booking/manage-schemas.ts';
import type { Clinic, FormDetails } from '#domain/practice/practice-schemas.ts';
import type { ReviewRequestLink, ReviewRequestPractice } from '#domain/reviews/review-schemas.ts';

/** What a server-rendered booking page needs of the practices feature, in the page's language. */
export interface BookingPageSource {
  getFormDetails(formUrl: string, language: Language): Promise<FormDetails>;
  listClinics(practiceId: string, language: Language): Promise<Clinic[]>;
  listReasons(
    practiceId: string,
    clinicNum: number | undefined,
    language: Language,
  ): Promise<{ id: string; is_active: boolean }[]>;
}

/** What a server-rendered review page needs of the reviews feature. */
export interface ReviewPageSource {
  verifyLink(token: string): Promise<ReviewRequestLink>;
  findRequestPractice(requestId: string): Promise<ReviewRequestPractice>;
}

/**
 * The web app's server build (`dist/ssr`, `vite build --ssr`), imported from a private copy taken
 * at start, as the browser's files are (ADR 0007, ADR 0072): a rebuild never changes what a running
 * server renders. Null when it is not built: pages are then rendered in the browser only.
 */
export async function loadServerRender(ssrDir: string, app: FastifyInstance): Promise<ServerRenderModule | null> {
  if (!existsSync(join(ssrDir, 'entry-server.js'))) return null;
  const dir = mkdtempSync(join(tmpdir(), 'chairtime-ssr-'));
  app.addHook('onClose', async () => rmSync(dir, { recursive: true, force: true }));
  cpSync(ssrDir, dir, { recursive: true });
  const module = (await import(pathToFileURL(join(dir, 'entry-server.js')).href)) as ServerRenderModule;
  await module.prepare();
  return module;
}

/** `clinic_num` as the web reads it (a whole number), or null. */
const clinicNumOf = (value: string | null): number | null =>
  value !== null && /^\d{1,9}$/.test(value) ? Number(value) : null;

/**
 * The variant of a booking page its address asks for: the `clinic_num` and `rfv` it carries. The
 * rest of the query (`referrer_id`, campaign values, `step`, `lang`) does not change the first
 * step's markup: the language is chosen apart, and a `step` is the browser's to restore.
 */
export function bookingVariant(search: URLSearchParams): { clinicNum: string | null; rfv: string | null } {
  return { clinicNum: search.get('clinic_num'), rfv: search.get('rfv') };
}

export function bookingPageKey(slug: string, search: URLSearchParams, language: Language): string {
  const { clinicNum, rfv } = bookingVariant(search);
  return JSON.stringify([slug, clinicNum, rfv, language]);
}

/**
 * The booking page's HTML: the practice's side panel and first step rendered by the web app's
 * own components, and the practice's data for the browser's query cache. `isVariantKnown` says
 * whether the `clinic_num` and `rfv` asked for exist (only such pages may be kept in the cache).
 */
export async function renderBookingPage(input: {
  module: ServerRenderModule;
  source: BookingPageSource;
  form: FormDetails;
  slug: string;
  search: URLSearchParams;
  language: Language;
  page: string;
}): Promise<{ html: string; isVariantKnown: boolean }> {
  const { form, language, source } = input;
  const { clinicNum, rfv } = bookingVariant(input.search);
  const clinics = form.clinic_set_up ? await source.listClinics(form.id, language) : null;
  const clinicNumber = clinicNumOf(clinicNum);
  const isClinicKnown = clinicNum === null || (clinics?.some((c) => c.pms_clinic_num === clinicNumber) ?? false);
  const isRfvKnown =
    rfv === null ||
    (await source.listReasons(form.id, clinicNumber ?? undefined, language)).some((r) => r.id === rfv && r.is_active);
  const query = new URLSearchParams();
  if (clinicNum !== null) query.set('clinic_num', clinicNum);
  if (rfv !== null) query.set('rfv', rfv);
  const url = `/${encodeURIComponent(input.slug)}${query.size > 0 ? `?${query}` : ''}`;
  const data: PracticePageData = { form, clinics };
  const root = input.module.renderBookingPage({ url, language, data });
  return { html: withServerMarkup(input.page, root, data), isVariantKnown: isClinicKnown && isRfvKnown };
}

/** What a server-rendered manage page needs of the manage feature: the booking its link opens. */
export interface ManagePageSource {
  view(token: string, language: Language): Promise<ManagedAppointment>;
}

/** A page rendered per request and never kept: its address is a key, or it names a patient (ADR 0072). */
export type PrivatePage =
  | { kind: 'review'; token: string }
  | { kind: 'feedback'; requestId: string }
  | { kind: 'manage'; formUrl: string; token: string }
  /** A payment-result page: its path (`/{form_url}/payment-success`) and query as the patient's browser has them. */
  | { kind: 'payment'; formUrl: string; url: string };

interface PrivatePageSources {
  reviews?: ReviewPageSource | undefined;
  manage?: ManagePageSource | undefined;
}

type FoundPage = { formUrl: string; url: string; extra: Partial<PracticePageData> };

const orNull = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

/** The practice a private page belongs to, the address to render and its own data; null when its key is unknown. */
async function findPrivatePage(
  page: PrivatePage,
  sources: PrivatePageSources,
  language: Language,
): Promise<FoundPage | null> {
  switch (page.kind) {
    case 'review': {
      const link = sources.reviews && (await orNull(sources.reviews.verifyLink(page.token)));
      const url = `/review/${encodeURIComponent(page.token)}`;
      return link ? { formUrl: link.form_url, url, extra: { review: { token: page.token, link } } } : null;
    }
    case 'feedback': {
      const practice = sources.reviews && (await orNull(sources.reviews.findRequestPractice(page.requestId)));
      const url = `/review/feedback?${new URLSearchParams({ requestId: page.requestId })}`;
      return practice ? { formUrl: practice.form_url, url, extra: { feedback: practice } } : null;
    }
    case 'manage': {
      const appointment = sources.manage && (await orNull(sources.manage.view(page.token, language)));
      // A link names its booking's practice; one under another practice's address is left to the browser, as before.
      if (!appointment || appointment.practice.form_url !== page.formUrl) return null;
      const url = `/${encodeURIComponent(page.formUrl)}/appointment/${encodeURIComponent(page.token)}`;
      return { formUrl: page.formUrl, url, extra: { manage: { token: page.token, appointment } } };
    }
    case 'payment':
      return { formUrl: page.formUrl, url: page.url, extra: {} };
  }
}

/**
 * A page rendered per request and never kept (ADR 0072): a review page (the practice's branding, the
 * patient's name and the review link), the feedback page, a manage page (the patient's booking) or a
 * payment-result page (the practice and the page's waiting state: its answer needs the browser's stored
 * checkout). Null when the link, the request, the booking or the practice is not found: the browser then
 * renders the page (and its error), as before.
 */
export async function renderPrivatePage(input: {
  module: ServerRenderModule;
  source: BookingPageSource;
  sources: PrivatePageSources;
  page: PrivatePage;
  language: Language;
  /** index.html with the head of the practice's page, given its form. */
  pageFor: (form: FormDetails) => string;
}): Promise<string | null> {
  const { language } = input;
  const found = await findPrivatePage(input.page, input.sources, language);
  const form = found && (await orNull(input.source.getFormDetails(found.formUrl, language)));
  if (!found || !form) return null;
  const data: PracticePageData = { form, clinics: null, ...found.extra };
  const root = input.module.renderBookingPage({ url: found.url, language, data });
  return withServerMarkup(input.pageFor(form), root, data);
}

/** The server's markup and, beside it, the practice's data: an element that is never executed (ADR 0072). */
function withServerMarkup(page: string, root: string, data: PracticePageData): string {
  const dataElement = `<script type="application/json" id="${PRACTICE_DATA_ELEMENT_ID}">${jsonForHtml(data)}</script>`;
  return page.replace('<div id="root"></div>', () => `<div id="root">${root}</div>\n    ${dataElement}`);
}

/** The script a server-rendered page runs before its first paint (ADR 0072), in the build's root (web/public). */
export const START_SCRIPT = 'booking-page-start.js';

/** The start script's exact text in the server's copy of the build, or null when the build has none. */
export function readStartScript(builtDir: string): string | null {
  const file = join(builtDir, START_SCRIPT);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

const ENTRY_SCRIPT = /\s*<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"(?: crossorigin)? href="([^"]+)">/g;

/**
 * The template of server-rendered pages with its one script before the first paint, `booking-page-start.js`
 * (ADR 0072): it hides the server's step while a stored booking may replace it, and adds the app's entry script
 * and preloads (moved into its attributes here) once the page has painted, so that no script of the app is
 * fetched or run before the first paint. It is written into the page, not fetched (ADR 0085): the first paint
 * waits for no script request; the CSP allows it by the hash of these very bytes.
 */
export function withStartScript(template: string, startScript: string): string {
  const entry = ENTRY_SCRIPT.exec(template)?.[1];
  if (!entry) throw new Error('The built index.html has no entry script.');
  // Either would end the element early (or open a comment that hides its end): a build script has neither.
  if (/<\/script|<!--/i.test(startScript)) throw new Error(`${START_SCRIPT} cannot be written into a page.`);
  const preload = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]).join(' ');
  const start = `<script data-entry="${entry}" data-preload="${preload}">${startScript}</script>`;
  return template
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</head>', () => `  ${start}\n  </head>`);
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g;

/**
 * The template of server-rendered pages, its style sheets written into the page (ADR 0077): the
 * page's first paint then waits for the HTML and the start script only, not for a style sheet
 * request too. The policy already allows inline styles (`style-src 'unsafe-inline'`, which the
 * static pages use); scripts stay files from 'self'. `builtDir` is the server's private copy of the build.
 */
export function withInlineStyles(template: string, builtDir: string): string {
  return template.replace(STYLESHEET, (_link, file: string) => {
    // A `</style` in the sheet would end the element early; a built sheet has none, but never trust it.
    const css = readFileSync(join(builtDir, file), 'utf8').replace(/<\/style/gi, '<\\/style');
    return `<style>${css}</style>`;
  });
}
