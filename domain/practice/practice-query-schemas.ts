import { z } from 'zod';

/** Query strings of the practice endpoints; the server parses them, the client builds them. */

export const PracticeIdSchema = z.uuid({ message: 'practice_id must be a practice id' });

const optionalPositiveInt = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { message: `${name} must be a whole number` })
    .transform(Number)
    .optional();

export const FormQuerySchema = z.object({
  referrer_id: z.string().max(200).optional(),
});

export const ClinicListQuerySchema = z.object({
  practice_id: PracticeIdSchema,
});

export const ReasonListQuerySchema = z.object({
  practice_id: PracticeIdSchema,
  pms_clinic_num: optionalPositiveInt('pms_clinic_num'),
});

export const FormUrlSchema = z
  .string()
  .regex(/^[a-z0-9-]{2,64}$/, { message: 'must be 2 to 64 lower-case letters, digits or hyphens' });
