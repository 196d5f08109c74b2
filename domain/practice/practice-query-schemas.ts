import { z } from 'zod';
import { pmsNumberQueryField } from '../wire/wire-primitives.ts';

/** Query strings of the practice endpoints; the server parses them, the client builds them. */

export const PracticeIdSchema = z.uuid({ message: 'practice_id must be a practice id' });

export const FormQuerySchema = z.object({
  referrer_id: z.string().max(200).optional(),
});

export const ClinicListQuerySchema = z.object({
  practice_id: PracticeIdSchema,
});

export const ReasonListQuerySchema = z.object({
  practice_id: PracticeIdSchema,
  pms_clinic_num: pmsNumberQueryField('pms_clinic_num').optional(),
});

export const FormUrlSchema = z
  .string()
  .regex(/^[a-z0-9-]{2,64}$/, { message: 'must be 2 to 64 lower-case letters, digits or hyphens' });
