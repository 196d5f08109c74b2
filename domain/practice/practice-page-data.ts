import type { ManagedAppointment } from '../booking/manage-schemas.ts';
import type { Language } from '../i18n/languages.ts';
import type { ReviewRequestLink, ReviewRequestPractice } from '../reviews/review-schemas.ts';
import type { Clinic, FormDetails } from './practice-schemas.ts';

/**
 * What a server-rendered booking page is drawn from and carries for the browser (ADR 0072): the
 * practice's form details and, for a practice with clinics, its clinic list, in the page's
 * language. The browser seeds its query cache with them and still refetches on mount (spec
 * section 7).
 */
export interface PracticePageData {
  form: FormDetails;
  clinics: Clinic[] | null;
  /** On a review page (`/review/{token}`), the link's answer: rendered per request, never kept. */
  review?: { token: string; link: ReviewRequestLink };
  /** On the feedback page (`/review/feedback?requestId=…`), the request's practice: rendered per request too. */
  feedback?: ReviewRequestPractice;
  /** On a manage page (`/{form_url}/appointment/{token}`), the booking its link opens: rendered per request too. */
  manage?: { token: string; appointment: ManagedAppointment };
}

/** The element that carries the data: `<script type="application/json" id="…">`, never executed. */
export const PRACTICE_DATA_ELEMENT_ID = 'practice-data';

/** What the server asks of the web app's server build (`dist/ssr/entry-server.js`). */
export interface ServerRenderModule {
  /** Loads every catalogue's translations once, so a render never waits for one. */
  prepare(): Promise<void>;
  /**
   * A practice page's markup (the inside of `#root`): the booking page, a payment-result page, or a page
   * with its own data (`review`, `feedback`, `manage`).
   */
  renderBookingPage(input: { url: string; language: Language; data: PracticePageData }): string;
}

const JSON_IN_HTML: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026' };

/**
 * JSON that can sit inside a `<script type="application/json">` element: every `<`, `>` and `&`
 * written as a \u escape (the same value for JSON.parse), so a practice's text such as
 * `</script>` or `<!--` can neither close the element nor open a comment. U+2028 and U+2029 are
 * valid in JSON and harmless in a non-executed element.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&]/g, (char) => JSON_IN_HTML[char] ?? char);
}
