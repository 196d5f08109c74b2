import type { PatientBody } from '#domain/patients/patient-schemas.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translator } from '../../i18n/translate.ts';
import * as messages from './patients.messages.ts';

const t = translator(messages);

import type { PracticesService } from '../practices/practices-service.ts';
import { createPatientIfNew, patientExists, type PatientIdentity } from './patients-repository.ts';

// What other features may use of this one's storage (ADR 0073): they import it from here, not from the repository.
export { findOrCreatePatient, patientExists } from './patients-repository.ts';

export interface PatientsService {
  exists(who: PatientIdentity): Promise<boolean>;
  /** The new patient's id; a 409 when the practice already has this name and birth date (ADR 0027). */
  create(body: PatientBody): Promise<string>;
}

export const PATIENT_EXISTS_MESSAGE = t('en', 'patientExists');

export function createPatientsService(db: Database, practices: PracticesService): PatientsService {
  return {
    async exists(who) {
      await practices.requirePractice(who.practiceId);
      return patientExists(db, who);
    },
    async create(body) {
      await practices.requirePractice(body.practice_id);
      const id = await createPatientIfNew(db, {
        practiceId: body.practice_id,
        firstName: body.first_name,
        lastName: body.last_name,
        dob: body.dob,
        email: body.email,
        wirelessPhone: body.wireless_phone,
      });
      // Never an existing patient's id: whoever knows a name and a birth date learns no more
      // than patient/check tells them, and cannot act on that patient's record.
      if (id === null) throw new AppError(409, 'CONFLICT', t.localized('patientExists'));
      return id;
    },
  };
}
