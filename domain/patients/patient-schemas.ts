import { z } from 'zod';
import { emailField, isoBirthDateField, nameField, phoneField } from '../booking/booking-field-rules.ts';

/** `GET patient/check`: does a patient with these names and birth date exist? Nothing else. */
export const createPatientCheckQuerySchema = (today: string) =>
  z.object({
    practice_id: z.uuid({ message: 'practice_id must be a practice id' }),
    first_name: nameField('first_name'),
    last_name: nameField('last_name'),
    dob: isoBirthDateField(today),
  });

export const PatientCheckResultSchema = z.object({ exists: z.boolean() });

/** `POST patient` (spec section 3, patient creation body). */
export const createPatientBodySchema = (today: string) =>
  z.object({
    practice_id: z.uuid({ message: 'practice_id must be a practice id' }),
    first_name: nameField('First name'),
    last_name: nameField('Last name'),
    email: emailField(),
    dob: isoBirthDateField(today),
    wireless_phone: phoneField(),
  });
export type PatientBody = z.output<ReturnType<typeof createPatientBodySchema>>;

export const PatientResultSchema = z.object({ patient_id: z.string() });
