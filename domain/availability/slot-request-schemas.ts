import { z } from 'zod';
import { parseLocalDate } from '../time/local-date.ts';

/** The longest range one slots request may cover: two months and a day or two of slack. */
export const MAX_SLOT_RANGE_DAYS = 62;

const LocalDateSchema = (name: string) =>
  z
    .string({ message: `${name} is required` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${name} must be a date in YYYY-MM-DD format` })
    .refine(isRealDate, { message: `${name} must be a real calendar date` });

const optionalWholeNumber = (name: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, { message: `${name} must be a whole number` })
    .transform(Number)
    .optional();

/** `GET appointment/slots` query (spec section 7), with the optional provider and clinic filters. */
export const SlotsQuerySchema = z
  .object({
    practice_id: z.uuid({ message: 'practice_id must be a practice id' }),
    reason_for_visit_id: z.uuid({ message: 'reason_for_visit_id must be a reason for visit id' }),
    start_date: LocalDateSchema('start_date'),
    end_date: LocalDateSchema('end_date'),
    pms_prov_num: optionalWholeNumber('pms_prov_num'),
    pms_clinic_num: optionalWholeNumber('pms_clinic_num'),
  })
  .superRefine((query, ctx) => {
    const days = parseLocalDate(query.end_date) - parseLocalDate(query.start_date);
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'end_date must not be before start_date' });
    else if (days + 1 > MAX_SLOT_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['end_date'], message: `the range may cover at most ${MAX_SLOT_RANGE_DAYS} days` });
    }
  }, { when: (payload) => payload.issues.length === 0 });
export type SlotsQuery = z.infer<typeof SlotsQuerySchema>;

function isRealDate(date: string): boolean {
  try {
    parseLocalDate(date);
    return true;
  } catch {
    return false;
  }
}
