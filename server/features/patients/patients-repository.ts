import type { Queryable } from '../../db/database.ts';

export interface PatientIdentity {
  practiceId: string;
  firstName: string;
  lastName: string;
  /** "YYYY-MM-DD" */
  dob: string;
}

export async function patientExists(db: Queryable, who: PatientIdentity): Promise<boolean> {
  const rows = await db.query(
    `select 1 from patients where practice_id = $1 and lower(first_name) = lower($2) and lower(last_name) = lower($3)
      and dob = $4`,
    [who.practiceId, who.firstName, who.lastName, who.dob],
  );
  return rows.length > 0;
}

/**
 * Returns the patient with these names (any case) and birth date, creating it when new. An
 * existing patient's contact details are not overwritten: whoever knows a name and a birth date
 * must not be able to redirect another patient's messages.
 */
export async function findOrCreatePatient(
  tx: Queryable,
  who: PatientIdentity & { email: string; wirelessPhone: string },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into patients (practice_id, first_name, last_name, dob, email, wireless_phone)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (practice_id, lower(first_name), lower(last_name), dob) do update set updated_at = patients.updated_at
     returning id`,
    [who.practiceId, who.firstName, who.lastName, who.dob, who.email, who.wirelessPhone],
  );
  return row!.id;
}

/** Creates the patient and returns its id, or null when one with these names and birth date exists. */
export async function createPatientIfNew(
  db: Queryable,
  who: PatientIdentity & { email: string; wirelessPhone: string },
): Promise<string | null> {
  const [row] = await db.query<{ id: string }>(
    `insert into patients (practice_id, first_name, last_name, dob, email, wireless_phone)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (practice_id, lower(first_name), lower(last_name), dob) do nothing
     returning id`,
    [who.practiceId, who.firstName, who.lastName, who.dob, who.email, who.wirelessPhone],
  );
  return row?.id ?? null;
}
