import type { Language } from '#domain/i18n/languages.ts';
import type { Clinic, FormDetails } from '#domain/practice/practice-schemas.ts';
import type { PagePlaceholder, PageQueryOptions } from './page-queries/page-queries.ts';
import { currentLanguage } from './i18n/language-state.ts';

/**
 * While a practice's data is refetched in another language (ADR 0034: the server localises the
 * practice's own texts), the data already shown stays, so nothing flashes or unmounts. Only data
 * of the same practice: another practice's data is never shown in its place.
 */
function sameOwnerPrevious<T>(owner: string): PagePlaceholder<T> {
  return (previous, previousQuery) => (previousQuery?.queryKey[1] === owner ? previous : undefined);
}

/**
 * Spec section 7: the form details are not cached and are refetched on every mount, so a
 * practice's changes (accepting patients, colours) show on the next visit. The language is part
 * of the key: a switch of language fetches the practice's texts in it. Components pass
 * `useLanguage()`, so that they render again, with the new key, when the language changes. The
 * request and its schemas load with the first fetch, after the first step has hydrated (ADR 0077). Plain
 * options, not `queryOptions`: the first step reads them without the query library (ADR 0085).
 */
export function formDetailsQuery(
  formUrl: string,
  referrerId: string | null,
  language: Language = currentLanguage(),
): PageQueryOptions<FormDetails, readonly ['form-details', string, string, Language]> {
  return {
    queryKey: ['form-details', formUrl, referrerId ?? '', language] as const,
    queryFn: async () => (await import('./practice-form-api.ts')).fetchFormDetails(formUrl, referrerId),
    placeholderData: sameOwnerPrevious(formUrl),
    gcTime: 0,
    staleTime: 0,
    refetchOnMount: 'always',
  };
}

export function clinicsQuery(
  practiceId: string,
  language: Language = currentLanguage(),
): PageQueryOptions<Clinic[], readonly ['clinics', string, Language]> {
  return {
    queryKey: ['clinics', practiceId, language] as const,
    queryFn: async () => (await import('./practice-form-api.ts')).fetchClinics(practiceId),
    placeholderData: sameOwnerPrevious(practiceId),
  };
}
