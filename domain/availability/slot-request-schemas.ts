import { z } from 'zod';
import { pmsNumberQueryField, windowedPracticeDayField } from '../wire/wire-primitives.ts';
import { parseLocalDate } from '../time/local-date.ts';

/** The longest range one slots request may cover: two months and a day or two of slack. */
export const MAX_SLOT_RANGE_DAYS = 62;

/** Both dates real, in order, and at most MAX_SLOT_RANGE_DAYS apart. */
const withinRange = (query: { start_date: string; end_date: string }, ctx: z.RefinementCtx) => {
  const days = parseLocalDate(query.end_date) - parseLocalDate(query.start_date);
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'end_date must not be before start_date' });
  else if (days + 1 > MAX_SLOT_RANGE_DAYS) {
    ctx.addIssue({
      code: 'custom',
      path: ['end_date'],
      message: `the range may cover at most ${MAX_SLOT_RANGE_DAYS} days`,
    });
  }
};

/**
 * `GET appointment/slots` query (spec section 7), with the optional provider and clinic filters.
 * Built per day: both dates must be real and within a window around `today` (wire-primitives.ts).
 */
export const createSlotsQuerySchema = (today: string) =>
  z
    .object({
      practice_id: z.uuid({ message: 'practice_id must be a practice id' }),
      reason_for_visit_id: z.uuid({ message: 'reason_for_visit_id must be a reason for visit id' }),
      start_date: windowedPracticeDayField('start_date', today),
      end_date: windowedPracticeDayField('end_date', today),
      pms_prov_num: pmsNumberQueryField('pms_prov_num').optional(),
      pms_clinic_num: pmsNumberQueryField('pms_clinic_num').optional(),
    })
    .superRefine(withinRange, { when: (payload) => payload.issues.length === 0 });

/**
 * `GET appointment/manage/{token}/slots` query (ADR 0036): the booking gives the practice, reason
 * and clinic; the patient chooses only the dates and the provider.
 */
export const createManageSlotsQuerySchema = (today: string) =>
  z
    .object({
      start_date: windowedPracticeDayField('start_date', today),
      end_date: windowedPracticeDayField('end_date', today),
      pms_prov_num: pmsNumberQueryField('pms_prov_num').optional(),
    })
    .superRefine(withinRange, { when: (payload) => payload.issues.length === 0 });
export type ManageSlotsQuery = z.infer<ReturnType<typeof createManageSlotsQuerySchema>>;
export type SlotsQuery = z.infer<ReturnType<typeof createSlotsQuerySchema>>;
