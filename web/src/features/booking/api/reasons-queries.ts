import type { Language } from '#domain/i18n/languages.ts';
import type { ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import type { PageQueryOptions } from '../../../lib/page-queries/page-queries.ts';
import { keepAcrossLanguages } from './keep-across-languages.ts';

/**
 * Reason names and descriptions come in the patient's language (ADR 0034): the language is part of
 * the key, so a switch refetches, and the previous language's list stays shown meanwhile. The request
 * and its schemas load with the first fetch, not with the first step (ADR 0077).
 */
export function reasonsQuery(
  practiceId: string,
  clinicNum: number | null,
  language: Language,
): PageQueryOptions<ReasonForVisit[], readonly ['reasons', string, number, Language]> {
  const queryKey = ['reasons', practiceId, clinicNum ?? 0, language] as const;
  return {
    queryKey,
    queryFn: async () => (await import('./reasons-api.ts')).fetchReasons(practiceId, clinicNum),
    placeholderData: keepAcrossLanguages<ReasonForVisit[]>(queryKey),
  };
}
