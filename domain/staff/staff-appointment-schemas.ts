import { z } from 'zod';
import { BookingHistoryEntrySchema } from '../booking/booking-events.ts';
import { BOOKING_STATUSES } from '../booking/booking-lifecycle.ts';
import { AvailabilityListSchema } from '../availability/availability-schemas.ts';
import { PAYMENT_STATES, RescheduleBodySchema } from '../booking/manage-schemas.ts';
import { pmsNumberQueryField, practiceDayField } from '../wire/wire-primitives.ts';
import { StaffReplySchema } from './staff-texts-schemas.ts';

/**
 * The staff console's schedule API (ADR 0038), one schema per payload for both sides. Every route
 * is scoped by the session's practice: another practice's id answers 404, as a missing one does.
 *
 * - `GET /api/v1/staff/appointments?from=YYYY-MM-DD&to=YYYY-MM-DD[&clinic=N]` → StaffSchedule
 *   (at most 31 days; dates are the practice's). A console polls it with `X-Console-Poll: 1`, which
 *   neither writes an audit row nor counts as activity for the idle timeout.
 * - `GET /api/v1/staff/appointments/{id}` → StaffAppointmentDetail (an audit row), with the same patient's
 *   `other_bookings`.
 * - `POST /api/v1/staff/appointments/{id}/{confirm|arrived|no-show|resend-confirmation}` ({}) → StaffAppointmentDetail.
 * - `POST /api/v1/staff/appointments/{id}/undo` ({}) → StaffAppointmentDetail: an arrived or no-show marked
 *   today goes back to the status before (ADR 0064); 409 `CONFLICT` otherwise, 409 `SLOT_TAKEN` for a no-show
 *   whose time was booked since.
 * - `POST /api/v1/staff/appointments/{id}/cancel` (StaffCancelBody) → StaffAppointmentDetail.
 * - `POST /api/v1/staff/appointments/{id}/reschedule` (StaffRescheduleBody) → StaffAppointmentDetail; a request
 *   without a time gets its first time and is booked (domain/staff/staff-requests-schemas.ts).
 * - `GET /api/v1/staff/slots?date=YYYY-MM-DD&reason_id=…[&pms_prov_num=N][&clinic=N][&appointment_id=…]`
 *   → StaffSlots (the free times of one day, any notice but not past; `appointment_id`: a booking
 *   being moved, whose own time counts as free).
 * A change the booking's state refuses is a 409 (`CONFLICT`), a time taken meanwhile a 409 `SLOT_TAKEN`.
 */
export const StaffScheduleQuerySchema = z.object({
  from: practiceDayField('from'),
  to: practiceDayField('to'),
  clinic: pmsNumberQueryField('clinic', { min: 1 }).optional(),
});
export type StaffScheduleQuery = z.infer<typeof StaffScheduleQuerySchema>;

/** What the console shows of a booking's payment; `not_required` when the reason costs nothing. */
export const StaffPaymentStateSchema = z.enum(PAYMENT_STATES);

/** Open Dental write-back: null for a practice on the built-in schedule. */
export const PMS_WRITE_STATES = ['pending', 'written', 'failed', 'skipped'] as const;

export const StaffAppointmentSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** Moved at least once since it was booked. */
  rescheduled: z.boolean(),
  payment: StaffPaymentStateSchema,
  pms_write: z.enum(PMS_WRITE_STATES).nullable(),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  /** The wall time in `time_zone`: its clinic's zone in lists and details, the schedule's own on it (ADR 0061). */
  apt_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  time_zone: z.string(),
  pms_clinic_num: z.number().nullable(),
  pms_prov_num: z.number(),
  pms_op_num: z.number(),
  reason: z.object({ id: z.string().nullable(), name: z.string() }),
  patient: z.object({ first_name: z.string(), last_name: z.string(), is_new: z.boolean() }),
  /** Booked through the console for a patient who phoned, rather than online. */
  booked_by_staff: z.boolean(),
});
export type StaffAppointment = z.infer<typeof StaffAppointmentSchema>;

/** Time nobody can book, shaded on the schedule: breaks, closures, time off and blocked time. */
export const SCHEDULE_BLOCK_KINDS = ['break', 'closure', 'time_off', 'blocked'] as const;
export const ScheduleBlockSchema = z.object({
  /** Set for `blocked` time, which staff may remove. */
  id: z.string().nullable(),
  kind: z.enum(SCHEDULE_BLOCK_KINDS),
  starts_at: z.iso.datetime(),
  ends_at: z.iso.datetime(),
  /** Whom it blocks: a provider, a chair, or (both null) the whole practice or clinic. */
  pms_prov_num: z.number().nullable(),
  pms_op_num: z.number().nullable(),
  pms_clinic_num: z.number().nullable(),
  label: z.string().nullable(),
});
export type ScheduleBlock = z.infer<typeof ScheduleBlockSchema>;

export const StaffScheduleSchema = z.object({
  from: z.string(),
  to: z.string(),
  time_zone: z.string(),
  /** The practice's choice of columns in the day view. */
  columns: z.enum(['provider', 'chair']),
  clinics: z.array(z.object({ pms_clinic_num: z.number(), name: z.string() })),
  providers: z.array(z.object({ pms_prov_num: z.number(), name: z.string(), pms_clinic_nums: z.array(z.number()) })),
  chairs: z.array(z.object({ pms_op_num: z.number(), name: z.string(), pms_clinic_num: z.number().nullable() })),
  appointments: z.array(StaffAppointmentSchema),
  blocks: z.array(ScheduleBlockSchema),
  /** The practice's opening hours per day of the range, to draw the day's grid. */
  hours: z.array(z.object({ date: z.string(), opens: z.string().nullable(), closes: z.string().nullable() })),
});
export type StaffSchedule = z.infer<typeof StaffScheduleSchema>;

export const StaffAppointmentDetailSchema = StaffAppointmentSchema.extend({
  /** Null for a request without a time (the practice's system was down; the office schedules it by phone). */
  starts_at: z.iso.datetime().nullable(),
  ends_at: z.iso.datetime().nullable(),
  apt_date: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  patient: z.object({
    first_name: z.string(),
    last_name: z.string(),
    is_new: z.boolean(),
    dob: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    /** Set when someone else (a parent) booked for the patient. */
    booked_by: z.object({ first_name: z.string(), last_name: z.string(), dob: z.string().nullable() }).nullable(),
  }),
  provider_name: z.string().nullable(),
  chair_name: z.string().nullable(),
  clinic_name: z.string().nullable(),
  message: z.string().nullable(),
  insurance: z.record(z.string(), z.unknown()).nullable(),
  language: z.enum(['en', 'es']),
  consent: z.array(z.object({ channel: z.string(), granted: z.boolean(), source: z.string(), at: z.iso.datetime() })),
  /** `channel` is null: the booking keeps the proof's hash, not whether it came by e-mail or text. */
  verification: z.object({ verified: z.boolean(), channel: z.string().nullable(), at: z.iso.datetime().nullable() }),
  payment_detail: z.object({ amount_cents: z.number().nullable(), paid_at: z.iso.datetime().nullable() }),
  tracking: z.object({
    source: z.string().nullable(),
    campaign: z.string().nullable(),
    medium: z.string().nullable(),
    referrer: z.string().nullable(),
  }),
  messages: z.array(
    z.object({
      channel: z.enum(['email', 'sms']),
      kind: z.string(),
      recipient: z.string(),
      status: z.string(),
      error: z.string().nullable(),
      at: z.iso.datetime(),
    }),
  ),
  /** What happened to it, oldest first: its events (ADR 0069), each told in words by `historyWords`. */
  history: z.array(BookingHistoryEntrySchema),
  /** What staff may do now. */
  actions: z.object({
    confirm: z.boolean(),
    arrived: z.boolean(),
    no_show: z.boolean(),
    cancel: z.boolean(),
    reschedule: z.boolean(),
    resend_confirmation: z.boolean(),
    /** A cancellation may refund this much (cents); null when nothing was paid. */
    refundable_cents: z.number().nullable(),
    /** An arrived or no-show mark made today may be taken back (ADR 0064). */
    undo: z.boolean(),
  }),
  /** The same patient's other bookings at the practice, past and future: requests without a time, then newest first. */
  other_bookings: z.array(
    z.object({
      id: z.string(),
      reference: z.string(),
      status: z.enum(BOOKING_STATUSES),
      starts_at: z.iso.datetime().nullable(),
      /** The practice's wall time; null for a request without a time. */
      apt_date: z.string().nullable(),
      start_time: z.string().nullable(),
      end_time: z.string().nullable(),
      reason_name: z.string().nullable(),
      provider_name: z.string().nullable(),
    }),
  ),
  /** Texts the patient sent about this booking that are not keywords, oldest first (ADR 0066). */
  replies: z.array(StaffReplySchema),
});
export type StaffAppointmentDetail = z.infer<typeof StaffAppointmentDetailSchema>;

export const StaffCancelBodySchema = z.strictObject({
  reason: z.string().trim().min(1, 'Say why the visit is cancelled.').max(500),
  /** Refund what the patient paid; offered, never forced (default no). */
  refund: z.boolean().default(false),
});
export type StaffCancelBody = z.infer<typeof StaffCancelBodySchema>;

/** Any free time of the slot engine; the practice's patient policy (cut-offs, counts) does not bind staff. */
export const StaffRescheduleBodySchema = RescheduleBodySchema;
export type StaffRescheduleBody = z.infer<typeof StaffRescheduleBodySchema>;

export const StaffSlotsQuerySchema = z.object({
  date: practiceDayField('date'),
  reason_id: z.uuid({ message: 'reason_id must be a reason id' }),
  /** 0 or absent: any provider. */
  pms_prov_num: pmsNumberQueryField('pms_prov_num').optional(),
  clinic: pmsNumberQueryField('clinic', { min: 1 }).optional(),
  appointment_id: z.uuid({ message: 'appointment_id must be an appointment id' }).optional(),
});
export type StaffSlotsQuery = z.infer<typeof StaffSlotsQuerySchema>;

/** The same records as the patient's slot list (`GET appointment/slots`), practice-local wall times. */
export const StaffSlotsSchema = AvailabilityListSchema;
export type StaffSlots = z.infer<typeof StaffSlotsSchema>;
