import * as z from 'zod/mini';
import { ReasonForVisitSchema, type ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import { apiGet } from '../../../lib/api-client.ts';

/** Spec section 7: GET reason-for-visit?practice_id=…[&pms_clinic_num=…]. */
export function fetchReasons(practiceId: string, clinicNum: number | null): Promise<ReasonForVisit[]> {
  return apiGet('/reason-for-visit', z.array(ReasonForVisitSchema), {
    practice_id: practiceId,
    pms_clinic_num: clinicNum,
  });
}
