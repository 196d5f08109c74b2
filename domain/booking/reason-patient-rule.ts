import type { PatientStatus } from './booking-schemas.ts';
import { en } from './booking-texts.messages.ts';

/**
 * A reason for visit may be offered to new patients only or to returning patients only (spec
 * section 9: for_new_patients, for_returning_patients). The server holds the rule whatever the
 * client sends; these are the sentences the patient reads when it refuses.
 */
export const NEW_PATIENTS_ONLY: keyof typeof en = 'newPatientsOnly';
export const RETURNING_PATIENTS_ONLY: keyof typeof en = 'returningPatientsOnly';
export const NEW_PATIENTS_ONLY_MESSAGE = en[NEW_PATIENTS_ONLY];
export const RETURNING_PATIENTS_ONLY_MESSAGE = en[RETURNING_PATIENTS_ONLY];

export interface ReasonPatientTypes {
  for_new_patients: boolean;
  for_returning_patients: boolean;
}

/** The patient-facing refusal when `status` may not book `reason`, or null when it may. */
export function reasonPatientTypeRefusal(reason: ReasonPatientTypes, status: PatientStatus): string | null {
  if (status === 'New Patient' && !reason.for_new_patients) return RETURNING_PATIENTS_ONLY_MESSAGE;
  if (status === 'Returning Patient' && !reason.for_returning_patients) return NEW_PATIENTS_ONLY_MESSAGE;
  return null;
}
