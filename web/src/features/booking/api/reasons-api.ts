import { queryOptions } from '@tanstack/react-query';
import type { Language } from '#domain/i18n/languages.ts';
import * as z from 'zod/mini';
import { ReasonForVisitSchema, type ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import { apiGet } from '../../../lib/api-client.ts';
import { keepAcrossLanguages } from './keep-across-languages.ts';

/** Spec section 7: GET reason-for-visit?practice_id=…[&pms_clinic_num=…]. */
export function fetchReasons(practiceId: string, clinicNum: number | null): Promise<ReasonForVisit[]> {
  return apiGet('/reason-for-visit', z.array(ReasonForVisitSchema), {
    practice_id: practiceId,
    pms_clinic_num: clinicNum,
  });
}

/**
 * Reason names and descriptions come in the patient's language (ADR 0034): the language is part of
 * the key, so a switch refetches, and the previous language's list stays shown meanwhile.
 */
export function reasonsQuery(practiceId: string, clinicNum: number | null, language: Language) {
  const queryKey = ['reasons', practiceId, clinicNum ?? 0, language] as const;
  return queryOptions({
    queryKey,
    queryFn: () => fetchReasons(practiceId, clinicNum),
    placeholderData: keepAcrossLanguages<ReasonForVisit[]>(queryKey),
  });
}
