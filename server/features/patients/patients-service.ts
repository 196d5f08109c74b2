import type { PatientBody } from '#domain/patients/patient-schemas.ts';
import type { Database } from '../../db/database.ts';
import type { PracticesService } from '../practices/practices-service.ts';
import { findOrCreatePatient, patientExists, type PatientIdentity } from './patients-repository.ts';

export interface PatientsService {
  exists(who: PatientIdentity): Promise<boolean>;
  findOrCreate(body: PatientBody): Promise<string>;
}

export function createPatientsService(db: Database, practices: PracticesService): PatientsService {
  return {
    async exists(who) {
      await practices.requirePractice(who.practiceId);
      return patientExists(db, who);
    },
    async findOrCreate(body) {
      await practices.requirePractice(body.practice_id);
      return findOrCreatePatient(db, {
        practiceId: body.practice_id,
        firstName: body.first_name,
        lastName: body.last_name,
        dob: body.dob,
        email: body.email,
        wirelessPhone: body.wireless_phone,
      });
    },
  };
}
