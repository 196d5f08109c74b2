/**
 * First path segments the product keeps for its own pages, so no practice's booking page
 * (`/{form_url}`) can take one: a practice at `/console` would shadow the staff console, or be
 * shadowed by it the day the console ships. Tests hold every top-level route of the server and
 * the SPA, every file served at the root, and every path that carries a token, to this list.
 * Names with a dot (`terms.html`, `robots.txt`, `.well-known`) need no entry: the form_url format
 * allows no dot. A word added later leaves a stored practice of that name in the database, but
 * its file no longer imports: rename it before the page under that word ships.
 */
export const RESERVED_PATHS = [
  // In use: the JSON API, the dev tools (outbox, local test checkout), Vite's hashed files, and
  // the review pages (`/review/{token}`, `/review/feedback`).
  'api',
  '_dev',
  'assets',
  'review',
  // Pages on their way (the architecture page): the staff console, the embed widget, the
  // patient's manage link, waitlist offers, private feedback.
  'console',
  'embed',
  'manage',
  'waitlist',
  'feedback',
  // Signing in to the console, and the operator's own pages.
  'login',
  'logout',
  'admin',
  // Machine endpoints a proxy or provider may want outside /api: webhooks (Stripe, SMS replies),
  // the API description, a load balancer's health check.
  'webhooks',
  'openapi',
  'docs',
  'health',
  // Payment pages on our own origin (ADR 0024), should checkout move out of /_dev and /api.
  'checkout',
  'pay',
  'payment',
  'payments',
  // Other conventional homes of static files; `/media/…` serves practices' uploaded images (ADR 0084).
  'media',
  'static',
  'public',
  // Language prefixes, once the product speaks Spanish (`/es/...`).
  'en',
  'es',
  // Legal pages (the footer links `/terms.html` today) and the opt-out link that messages carry.
  'terms',
  'privacy',
  'unsubscribe',
  // Short links in text messages. One letter is already too short for a form_url; listed so the
  // prefix is claimed in one place with the others.
  'r',
] as const;

const RESERVED = new Set<string>(RESERVED_PATHS);

export function isReservedPath(segment: string): boolean {
  return RESERVED.has(segment);
}
