import { z } from 'zod';
import { StaffScheduleSchema } from './staff-appointment-schemas.ts';

/**
 * Requests without a time (ADR 0038): bookings made while the practice's system could not offer
 * times ("Proceed Without Slots", status `requested`). They never appear in the schedule's grid,
 * so the console lists them apart; staff call the patient, then give the request a time through
 * `POST /api/v1/staff/appointments/{id}/reschedule` (it becomes booked) or cancel it.
 *
 * Permission 'bookings' (owner, operator, front desk):
 * - `GET /api/v1/staff/requests` → StaffRequestList: the session's practice's open requests, oldest
 *   first, at most REQUESTS_LIMIT (`total` counts them all). A console polls it with
 *   `X-Console-Poll: 1`; a load that is not a poll (the page opened) is an audit row
 *   `requests.list` with the ids shown, since the list carries the patients' contacts.
 */

/** The most a list answers: a practice with more has had its system down for long; the oldest come first. */
export const REQUESTS_LIMIT = 200;

export const StaffRequestItemSchema = z.object({
  id: z.string(),
  reference: z.string(),
  /** When the patient asked. */
  created_at: z.iso.datetime(),
  patient: z.object({ first_name: z.string(), last_name: z.string(), is_new: z.boolean() }),
  /** The contacts given with the booking: the booker's when someone booked for the patient. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  booked_by: z.object({ first_name: z.string(), last_name: z.string() }).nullable(),
  reason: z.object({ id: z.string().nullable(), name: z.string() }),
  /** The provider the patient asked for; null for any provider. */
  provider: z.object({ pms_prov_num: z.number(), name: z.string().nullable() }).nullable(),
  clinic_name: z.string().nullable(),
});
export type StaffRequestItem = z.infer<typeof StaffRequestItemSchema>;

export const StaffRequestListSchema = z.object({
  requests: z.array(StaffRequestItemSchema),
  /** Every open request of the practice; more than `requests.length` when the list was capped. */
  total: z.number().int(),
  limit: z.number().int(),
  /** The practice's providers, to give a request a time with one of them. */
  providers: StaffScheduleSchema.shape.providers,
});
export type StaffRequestList = z.infer<typeof StaffRequestListSchema>;
