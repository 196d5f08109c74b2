import { z } from 'zod';
import { pmsNumberField, practiceDayField, wallTimeField } from '../wire/wire-primitives.ts';
import { MANAGE_REFUSALS, MANAGE_STATES } from './manage-policy.ts';

/**
 * The manage-my-appointment API (ADR 0036), one schema per payload for both sides:
 * `GET /api/v1/appointment/manage/{token}`, `POST …/reschedule`, `POST …/cancel`, `POST …/confirm`,
 * `GET …/calendar.ics`, and `GET …/slots?start_date&end_date&pms_prov_num` (the slot list of
 * `appointment/slots` for the booking's reason and clinic, in which the booking's own time counts as
 * free, so a patient can move it by half an hour), and `POST …/checkout` (a booking left unpaid: a
 * checkout for it, answered like `stripe/retry-session` with `{ session_id, url }`). Each answers
 * `{ success: true, result }`; the three above with a `ManagedAppointment`, `slots` with the same
 * list as `appointment/slots`.
 */

/** The reasons a patient may give for cancelling: short, and none of them clinical. */
export const CANCEL_REASONS = ['schedule_conflict', 'feeling_better', 'booked_elsewhere', 'cost', 'other'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

export const PAYMENT_STATES = ['not_required', 'paid', 'unpaid', 'refund_pending', 'refunded'] as const;

export const ManagedAppointmentSchema = z.object({
  reference: z.string(),
  /** The lifecycle status (ADR 0033), for the curious; the page reads `state`. */
  status: z.string(),
  state: z.enum(MANAGE_STATES),
  /** True when the appointment was moved since it was booked (count of moves > 0). */
  rescheduled: z.boolean(),
  language: z.enum(['en', 'es']),
  practice: z.object({
    id: z.string(),
    name: z.string(),
    form_url: z.string(),
    /** The phone to call: the clinic's when it has one, else the practice's; E.164 or null. */
    phone: z.string().nullable(),
    time_zone: z.string(),
  }),
  /** The clinic's name and address, or the practice's address for a practice without clinics. */
  location: z.object({ name: z.string().nullable(), address: z.string() }),
  /** The booking's clinic (null: no clinics), for the slot step of a reschedule. */
  pms_clinic_num: z.number().nullable(),
  reason: z.object({ id: z.string(), name: z.string(), is_active: z.boolean() }),
  provider: z.object({ pms_prov_num: z.number(), name: z.string().nullable() }).nullable(),
  /** Practice-local wall time; all null for a request without a time. */
  apt_date: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  starts_at: z.iso.datetime().nullable(),
  ends_at: z.iso.datetime().nullable(),
  patient: z.object({ first_name: z.string(), last_name: z.string() }),
  /** `can_pay`: booked without its payment; `POST …/checkout` opens a checkout for it. */
  payment: z.object({ state: z.enum(PAYMENT_STATES), amount_cents: z.number().nullable(), can_pay: z.boolean() }),
  /**
   * The patient's word that they will come (ADR 0037): `can_confirm` while an upcoming visit waits
   * for it; `POST …/confirm` gives it (the reminder e-mail's Confirm button opens the page on it).
   */
  confirmation: z.object({ is_confirmed: z.boolean(), can_confirm: z.boolean() }),
  /** What the practice's policy allows now (manage-policy.ts), said on the page before the patient acts. */
  policy: z.object({
    can_reschedule: z.boolean(),
    reschedule_refusal: z.enum(MANAGE_REFUSALS).nullable(),
    reschedule_until: z.iso.datetime().nullable(),
    reschedules_left: z.number(),
    can_cancel: z.boolean(),
    cancel_refusal: z.enum(MANAGE_REFUSALS).nullable(),
    cancel_until: z.iso.datetime().nullable(),
    refund_until: z.iso.datetime().nullable(),
    /** Cents a cancellation now would refund: 0 when the deposit is kept, null when nothing was paid. */
    refund_cents_if_cancelled_now: z.number().nullable(),
    reschedule_cutoff_hours: z.number(),
    cancel_cutoff_hours: z.number(),
  }),
  /** Third-party calendar links carry only the practice's name, address and the time. */
  calendar: z.object({ ics_path: z.string(), google_url: z.string(), outlook_url: z.string() }).nullable(),
});
export type ManagedAppointment = z.infer<typeof ManagedAppointmentSchema>;

export const RescheduleBodySchema = z.strictObject({
  apt_date: practiceDayField('apt_date'),
  start_time: wallTimeField('start_time'),
  end_time: wallTimeField('end_time').optional(),
  /** 0: any provider. */
  pms_prov_num: pmsNumberField('pms_prov_num'),
  pms_op_num: pmsNumberField('pms_op_num').optional(),
});
export type RescheduleBody = z.infer<typeof RescheduleBodySchema>;

export const CancelBodySchema = z.strictObject({ reason: z.enum(CANCEL_REASONS).nullish() });
export type CancelBody = z.infer<typeof CancelBodySchema>;

export { manageApiPath, managePagePath } from './manage-paths.ts';
