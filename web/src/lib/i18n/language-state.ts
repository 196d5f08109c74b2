import { INTL_LOCALE, LANGUAGE_COOKIE, pickLanguage, type Language } from '#domain/i18n/languages.ts';

/**
 * The patient's language in the browser (ADR 0034): `?lang=`, then the `lang` cookie
 * (their earlier choice), then the browser's languages, then English. A choice is kept in the
 * cookie, first-party and readable by the server, so later pages and messages can follow it.
 */
let current: Language = initialLanguage();
const listeners = new Set<() => void>();
applyToDocument(current);

function initialLanguage(): Language {
  if (typeof window === 'undefined') return 'en';
  const query = new URLSearchParams(window.location.search).get('lang');
  const language = pickLanguage({
    query,
    cookie: readCookie(LANGUAGE_COOKIE),
    acceptLanguage: navigator.languages?.join(','),
  });
  if (query) rememberLanguage(language);
  return language;
}

export function currentLanguage(): Language {
  return current;
}

/**
 * Renders on the server in the request's language (ADR 0072). The render is synchronous, so no
 * other request's render can see the language set here before it is put back.
 */
export function renderInLanguage<T>(language: Language, render: () => T): T {
  const before = current;
  current = language;
  try {
    return render();
  } finally {
    current = before;
  }
}

export function intlLocale(): string {
  return INTL_LOCALE[current];
}

export function subscribeToLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Sets the language now; `changeLanguage` (catalogue-registry) loads its messages first. */
export function setLanguageNow(language: Language): void {
  rememberLanguage(language);
  // A `?lang=` left in the address would win over the new choice on the next reload.
  const url = new URL(window.location.href);
  if (url.searchParams.has('lang')) {
    url.searchParams.delete('lang');
    window.history.replaceState(window.history.state, '', url);
  }
  if (language === current) return;
  current = language;
  applyToDocument(language);
  for (const listener of listeners) listener();
}

function applyToDocument(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

function rememberLanguage(language: Language) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

function readCookie(name: string): string | null {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : null;
}
