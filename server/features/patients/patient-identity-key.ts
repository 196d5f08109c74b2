import { createHash } from 'node:crypto';

export interface PatientIdentityFields {
  practice_id: string;
  first_name: string;
  last_name: string;
  dob: string;
}

/**
 * The per-identity rate-limit key of `patient/check` and `POST patient` (ADR 0027): practice,
 * names (any case, inner spaces collapsed, as the patients table compares them) and birth date,
 * hashed so that the counters table never holds a name.
 */
export function patientIdentityKey(who: PatientIdentityFields): string {
  const name = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
  const identity = [who.practice_id, name(who.first_name), name(who.last_name), who.dob].join('\n');
  return `patient-identity:${createHash('sha256').update(identity).digest('hex')}`;
}
