/**
 * What a request log line says about a request. The query string is dropped (some spec endpoints
 * carry patient data there, `patient/check`), and a path that carries a bearer token keeps its
 * shape with the token replaced: whoever reads the logs must not be able to open the link.
 */

/** What stands in for a token in a logged path. */
export const REDACTED = '…';

/**
 * Paths whose `:token` segment is a link's secret; another `:name` matches any one segment. A
 * pattern covers every path below it too (`/api/v1/manage/:token/cancel`). Each fixed first
 * segment is a reserved path (domain/practice/reserved-paths.ts), so no practice's page can
 * share it; a test holds the two lists together.
 */
export const TOKEN_PATHS = [
  // Review requests (spec sections 2 and 7): the page the message links to, and its lookup.
  '/review/:token',
  '/api/v1/review/verify-request-link/:token',
  // Manage my appointment (ADR 0033), and the same link under the practice's page as the
  // architecture page draws it: whichever the manage page takes, its token stays out of logs.
  '/manage/:token',
  '/api/v1/manage/:token',
  '/api/v1/appointment/manage/:token',
  '/:formUrl/appointment/:token',
  // The unsubscribe link of reminder e-mails (ADR 0037): its page and its API.
  '/unsubscribe/:token',
  '/api/v1/unsubscribe/:token',
  // Waitlist offers (ADR 0033).
  '/waitlist/:token',
  '/api/v1/waitlist/:token',
  // A staff member's one-time link to set a password (an invitation or a reset): its console page
  // and its API. Whoever opened it first (a person, or a mail scanner) leaves it usable.
  '/console/set-password/:token',
  '/api/v1/staff/password-links/:token',
] as const;

/**
 * Route parameters that are no secret: a path may be logged with them. Every other parameter of a
 * server route or a web page must be covered by TOKEN_PATHS; the tests read both route tables and
 * fail on a new parameter until it is named here or redacted (ADR 0042).
 */
export const PUBLIC_PARAMS = {
  // A practice's slug, and an unknown page under it. Every other page parameter is a link's key.
  pages: ['formUrl', 'unknownPage'],
  // Besides the slug, ids that open nothing without a session or a key (a booking, a staff member,
  // feedback, a blocked time, a review request's tracking, a local checkout session and its outcome), and a
  // practice's image (its practice id and file name: the booking page shows it to anyone, ADR 0084).
  api: ['formUrl', 'id', 'requestId', 'outcome', 'practiceId', 'file'],
} as const;

/** Fixed pages beside a token path: as in the router, a fixed word wins over a parameter. */
const FIXED_PATHS = new Set(['/review/feedback']);

const PATTERNS = TOKEN_PATHS.map((pattern) => pattern.split('/').filter(Boolean));

/** The path of a URL as it may be logged: no query string, and every token replaced. */
export function pathForLog(url: string): string {
  const path = url.split('?')[0] ?? '';
  if (FIXED_PATHS.has(path)) return path;
  const segments = path.split('/');
  // Positions of the non-empty segments: the SPA reads `//review/x` as `/review/x`, and React
  // Router ignores case, so the patterns do too.
  const filled = segments.flatMap((segment, i) => (segment ? [i] : []));
  for (const pattern of PATTERNS) {
    if (pattern.length > filled.length) continue;
    const matches = pattern.every((part, j) => part.startsWith(':') || segments[filled[j]!]!.toLowerCase() === part);
    if (!matches) continue;
    pattern.forEach((part, j) => {
      if (part === ':token') segments[filled[j]!] = REDACTED;
    });
    return segments.join('/');
  }
  return path;
}

/** Fastify's `req` log serializer: the method and the redacted path, nothing else. */
export function requestForLog(request: { method: string; url: string }) {
  return { method: request.method, path: pathForLog(request.url) };
}
