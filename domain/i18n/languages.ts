/**
 * The languages of the patient side (ADR 0034). A third language is a new entry here
 * and an entry in every `*.messages.ts` catalogue; nothing else names a language.
 */
export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/**
 * The first-party cookie that remembers a patient's choice, so the server can answer in it later
 * (ADR 0020, amended).
 */
export const LANGUAGE_COOKIE = 'lang';

/**
 * The `Intl` locale for each language. `es-US`, not `es` or `es-419`: on Node 20 and Chromium it
 * keeps the spec's 12-hour times ("9:30 a.m.") and the zone abbreviations ("CST") where the others
 * give "9:30" or "GMT-6", and it writes dollars as "$1,234.50".
 */
export const INTL_LOCALE: Record<Language, string> = { en: 'en-US', es: 'es-US' };

/**
 * Each language's name in itself, as language switches show them (an endonym is the same on
 * every page, so it is not translated).
 */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', es: 'Español' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** `es`, `es-MX`, `ES` → `es`; anything else → null. */
export function languageOfTag(tag: string | null | undefined): Language | null {
  const primary = tag?.trim().split(/[-_]/)[0]?.toLowerCase();
  return isLanguage(primary) ? primary : null;
}

/** The first supported language in an `Accept-Language` header, by quality then order. */
export function languageOfAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { language: languageOfTag(tag), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.language !== null && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked[0]?.language ?? null;
}

/**
 * ADR 0034's order: `?lang=` first, then the patient's earlier choice (the cookie), then
 * `Accept-Language`, then English. Unknown values at any step are skipped, never an error.
 */
export function pickLanguage(sources: {
  query?: string | null;
  cookie?: string | null;
  acceptLanguage?: string | null;
}): Language {
  return (
    languageOfTag(sources.query) ??
    languageOfTag(sources.cookie) ??
    languageOfAcceptLanguage(sources.acceptLanguage) ??
    DEFAULT_LANGUAGE
  );
}
