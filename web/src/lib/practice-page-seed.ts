import type { Language } from '#domain/i18n/languages.ts';
import type { PracticePageData } from '#domain/practice/practice-page-data.ts';
import type { PageQueries } from './page-queries/page-queries.ts';
import { clinicsQuery, formDetailsQuery } from './practice-form-queries.ts';

/**
 * Puts a server-rendered page's practice data where its queries look for it (ADR 0072), under the
 * keys this address gives them, so the first render shows what the server rendered. The form
 * details query still refetches on mount (`refetchOnMount: 'always'`, spec section 7): the page
 * updates in the background if the practice changed since.
 */
export function seedPracticeQueries(
  pages: PageQueries,
  data: Pick<PracticePageData, 'form' | 'clinics'>,
  search: URLSearchParams,
  language: Language,
): void {
  const form = formDetailsQuery(data.form.form_url, search.get('referrer_id'), language);
  pages.seed(form.queryKey, data.form);
  if (data.clinics) pages.seed(clinicsQuery(data.form.id, language).queryKey, data.clinics);
}
