import * as z from 'zod/mini';
import { ClinicSchema, FormDetailsSchema, type Clinic, type FormDetails } from '#domain/practice/practice-schemas.ts';
import { apiGet } from './api-client.ts';

/** Spec section 7: GET form/{formURL}, with the optional referrer_id forwarded. */
export function fetchFormDetails(formUrl: string, referrerId: string | null): Promise<FormDetails> {
  return apiGet(`/form/${encodeURIComponent(formUrl)}`, FormDetailsSchema, { referrer_id: referrerId });
}

/** Spec section 7: GET clinic?practice_id=…, the practice's clinic list. */
export function fetchClinics(practiceId: string): Promise<Clinic[]> {
  return apiGet('/clinic', z.array(ClinicSchema), { practice_id: practiceId });
}
