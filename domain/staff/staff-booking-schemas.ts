import { z } from 'zod';
import { BOOKING_LANGUAGES } from '../booking/booking-lifecycle.ts';
import { insuranceDetailsSchema } from '../booking/booking-schemas.ts';
import {
  emailField,
  isoBirthDateField,
  nameField,
  phoneField,
  FIELD_MESSAGES,
} from '../booking/booking-field-rules.ts';
import { pmsNumberField, practiceDayField, wallTimeField } from '../wire/wire-primitives.ts';

/**
 * Booking for a patient who phoned and blocking time, from the staff console (ADR 0038). One schema
 * per payload for both sides; every route is scoped by the session's practice (another practice's
 * reason, provider or block answers 404/422 as a missing one does).
 *
 * - `POST /api/v1/staff/appointments` (permission `bookings`, CSRF) with StaffBookingBody → 201
 *   StaffBookingCreated. The patient's own booking service and transaction (slot check, no double
 *   booking, Open Dental write-back, reminders, the patient's confirmation in `language`), without
 *   bot check, one-time code or payment (a paid reason is booked unpaid). Any free time from now on:
 *   the practice's minimum notice does not bind staff. 409 SLOT_TAKEN when the time is taken, 422
 *   SLOT_UNAVAILABLE when it is not free time at all, 422 with `fields` for bad input. `insurance` (optional, the
 *   shape a patient's booking keeps) is what the console carries over from the patient's last booking. The booking's
 *   `booked_by_staff` is true in the schedule (the schedule reads `appointments.source_meta->>'channel' = 'staff'`).
 * - `POST /api/v1/staff/blocks` (permission `schedule`, CSRF) with StaffBlockBody → 201
 *   StaffBlockCreated. Built-in schedule only: an Open Dental practice gets 409 CONFLICT
 *   ("Block time in Open Dental"). Bookings the block overlaps stay and are counted.
 * - `DELETE /api/v1/staff/blocks/{id}` (permission `schedule`, CSRF) → 200 StaffBlockDeleted; 404
 *   for an unknown block or another practice's.
 *
 * Blocks show in the schedule as ScheduleBlock kind `blocked` (staff-appointment-schemas.ts).
 */

/** Absent, null or blank: not given. */
const optionalContact = <T extends z.ZodType<string>>(field: T) =>
  z
    .preprocess((value) => (typeof value === 'string' && value.trim() === '' ? null : value), field.nullish())
    .transform((value) => value ?? '');

/** The practice's today decides which birth dates are possible, as on the patient's form. */
export function createStaffBookingBodySchema(context: { today: string }) {
  return z
    .strictObject({
      reason_id: z.uuid({ message: 'Choose a reason for the visit.' }),
      /** The clinic, for a practice with several. */
      pms_clinic_num: pmsNumberField('pms_clinic_num').nullish(),
      /** 0: the earliest available provider at that time. */
      pms_prov_num: pmsNumberField('pms_prov_num'),
      apt_date: practiceDayField('apt_date'),
      start_time: wallTimeField('start_time'),
      first_name: nameField(FIELD_MESSAGES.firstName),
      last_name: nameField(FIELD_MESSAGES.lastName),
      /** "YYYY-MM-DD", before the practice's today. */
      dob: isoBirthDateField(context.today),
      is_new_patient: z.boolean({ message: 'Say whether the patient is new or returning.' }),
      /** At least one of e-mail and mobile phone. */
      email: optionalContact(emailField()),
      wireless_phone: optionalContact(phoneField()),
      message: z.string().trim().max(2_000, { message: 'must be at most 2000 characters' }).nullish(),
      /** The language of the patient's confirmation and later messages. */
      language: z
        .enum(BOOKING_LANGUAGES, { message: `language must be one of ${BOOKING_LANGUAGES.join(', ')}` })
        .default('en'),
      /** The patient's answer on the phone: may the practice contact them by e-mail and text. */
      agreed_to_contact: z.boolean({ message: 'Record whether the patient agreed to be contacted.' }),
      /** Absent or null: none. The console carries it over from the patient's last booking (ADR 0063). */
      insurance: insuranceDetailsSchema(context.today).nullish(),
    })
    .superRefine((body, ctx) => {
      if (body.email === '' && body.wireless_phone === '') {
        ctx.addIssue({ code: 'custom', path: ['email'], message: 'Give an e-mail address or a mobile phone number.' });
      }
    });
}
export type StaffBookingBody = z.output<ReturnType<typeof createStaffBookingBodySchema>>;
export type StaffBookingBodyInput = z.input<ReturnType<typeof createStaffBookingBodySchema>>;

export const StaffBookingCreatedSchema = z.object({
  id: z.string(),
  reference: z.string(),
  status: z.string(),
  /** The practice's wall time of the booked slot. */
  apt_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  /** Who and where the slot engine gave it to (the provider chosen, or the earliest available). */
  pms_prov_num: z.number(),
  pms_op_num: z.number(),
});
export type StaffBookingCreated = z.infer<typeof StaffBookingCreatedSchema>;

export const BLOCK_LABEL_MAX_LENGTH = 120;

/** Blocked time on one practice-local day; end "24:00" is the day's end. */
export const StaffBlockBodySchema = z
  .strictObject({
    date: practiceDayField('date'),
    start_time: wallTimeField('start_time'),
    end_time: z
      .union([z.literal('24:00'), z.literal('24:00:00')])
      .transform(() => '24:00:00')
      .or(wallTimeField('end_time')),
    /** A provider wherever they work, or a chair whoever works in it; neither blocks every schedule. */
    pms_prov_num: pmsNumberField('pms_prov_num', { min: 1 }).nullish(),
    pms_op_num: pmsNumberField('pms_op_num', { min: 1 }).nullish(),
    /** Only this clinic's schedules (a practice with several clinics). */
    pms_clinic_num: pmsNumberField('pms_clinic_num').nullish(),
    label: z
      .string()
      .trim()
      .max(BLOCK_LABEL_MAX_LENGTH, { message: `must be at most ${BLOCK_LABEL_MAX_LENGTH} characters` })
      .nullish()
      .transform((label) => (label ? label : null)),
  })
  .superRefine((body, ctx) => {
    if (body.pms_prov_num != null && body.pms_op_num != null) {
      ctx.addIssue({ code: 'custom', path: ['pms_op_num'], message: 'Block a provider or a chair, not both.' });
    }
    if (body.end_time <= body.start_time)
      ctx.addIssue({ code: 'custom', path: ['end_time'], message: 'end_time must be after start_time' });
  });
export type StaffBlockBody = z.output<typeof StaffBlockBodySchema>;
export type StaffBlockBodyInput = z.input<typeof StaffBlockBodySchema>;

export const StaffBlockCreatedSchema = z.object({
  id: z.string(),
  /** Active bookings inside the blocked time: they stay booked, staff may move them. */
  overlapping_bookings: z.number(),
});
export type StaffBlockCreated = z.infer<typeof StaffBlockCreatedSchema>;

export const StaffBlockDeletedSchema = z.object({ id: z.string() });
export type StaffBlockDeleted = z.infer<typeof StaffBlockDeletedSchema>;
