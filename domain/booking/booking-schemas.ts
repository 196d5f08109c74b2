import { z } from 'zod';
import type { en as validationMessages } from '../i18n/validation.messages.ts';
import { BOOKING_LANGUAGES } from './booking-lifecycle.ts';
import { PRODUCT_NAME } from '../product.ts';
import { pmsNumberField, wallTimeField, windowedPracticeDayField } from '../wire/wire-primitives.ts';
import {
  emailField,
  FIELD_MESSAGES,
  ID_FIELD_MESSAGES,
  idTextField,
  isoBirthDateField,
  insuranceNameField,
  nameField,
  phoneField,
  type ValidationKey,
} from './booking-field-rules.ts';

/** A key of the validation catalogue: issue messages are keys, translated where they are shown (ADR 0034). */
const key = (k: keyof typeof validationMessages) => k;
/**
 * `POST appointment`: the spec's wire body (section 3), validated by the same field rules as the
 * page-5 form. Practice settings and today's date change what is required, so the schema is
 * built per practice and per day: `createBookingBodySchema(context)`.
 */

export interface BookingRulesContext {
  /** The practice's local date "YYYY-MM-DD": birth dates must be strictly before it. */
  today: string;
  toShowInsurances: boolean;
  optionalInsuranceFields: readonly ('groupNumber' | 'subscriberPhone')[];
  /**
   * The practice's insurance list (names as shown) and whether it accepts "Other": given by the
   * server, which refuses a name not on the list. The form offers only the list anyway.
   */
  insuranceChoices?: { names: readonly string[]; acceptsOther: boolean };
}

export const OTHER_INSURANCE = 'Other';
export const PATIENT_STATUSES = ['New Patient', 'Returning Patient'] as const;
export type PatientStatus = (typeof PATIENT_STATUSES)[number];

const shortText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { message: `must be at most ${max} characters` });
const optionalShortText = (max: number) => shortText(max).nullish();

/** Visit data (spec section 3, userVisitData): kept for the practice's analytics, bounded in size. */
export const UserMetaSchema = z
  .object({
    deviceWidth: z.number().int().min(0).max(100_000).nullish(),
    deviceHeight: z.number().int().min(0).max(100_000).nullish(),
    clientBrowser: optionalShortText(100),
    ipAddress: optionalShortText(100),
    fingerprint: optionalShortText(200),
    referrer: optionalShortText(2_000),
    visitTime: optionalShortText(40),
    visitDuration: z.number().min(0).max(10_000_000).nullish(),
    timezone: optionalShortText(100),
    hasInsurance: z.boolean().nullish(),
    hasUserVerification: z.boolean().nullish(),
  })
  .strip();
export type UserMeta = z.infer<typeof UserMetaSchema>;

export const SourceMetaSchema = z
  .object({ source: optionalShortText(500), gclid: optionalShortText(500), fbclid: optionalShortText(500) })
  .strip();

export const UtmDetailsSchema = z
  .record(z.string().max(100), z.string().max(1_000))
  .refine((record) => Object.keys(record).length <= 50, { message: 'must have at most 50 parameters' });

export const PaymentDetailsSchema = z.object({
  amount: z.number().min(0),
  payment_status: shortText(50),
  session_id: shortText(300).min(1),
});

/**
 * The insurance a booking keeps; also what staff carry over from a patient's last booking
 * (staff-booking-schemas.ts).
 */
export const insuranceDetailsSchema = (today: string) =>
  z.object({
    insurance: shortText(200).min(1, { message: key('insuranceRequired') }),
    subscribers_full_name: nameField(FIELD_MESSAGES.subscriberFullName),
    subscribers_dob: isoBirthDateField(today),
    subscribers_phone: phoneField().nullish(),
    group_number: idTextField(ID_FIELD_MESSAGES.groupNumber).nullish(),
    haveDentalInsurance: z.literal('Yes').optional(),
    insurance_provider: insuranceNameField(FIELD_MESSAGES.insuranceProvider).nullish(),
    subscriber_id: idTextField(ID_FIELD_MESSAGES.subscriberId),
  });

export function createBookingBodySchema(context: BookingRulesContext) {
  return z
    .object({
      practice_id: z.uuid({ message: 'practice_id must be a practice id' }),
      first_name: nameField(FIELD_MESSAGES.firstName),
      last_name: nameField(FIELD_MESSAGES.lastName),
      email: emailField(),
      wireless_phone: phoneField(),
      dob: isoBirthDateField(context.today),
      rfv_id: z.uuid({ message: key('reasonRequired') }),
      pms_op_num: pmsNumberField('pms_op_num').default(0),
      pms_prov_num: pmsNumberField('pms_prov_num'),
      /** All three null: "Proceed Without Slots" when the practice system is down. */
      apt_date: windowedPracticeDayField('apt_date', context.today).nullable(),
      start_time: wallTimeField('start_time').nullable(),
      /** Checked for form only: the end is the reason's duration after the start, whatever is sent. */
      end_time: wallTimeField('end_time').nullable(),
      /** Our addition (not in the spec's list): the patient status chosen on page 1. */
      patient_status: z.enum(PATIENT_STATUSES, { message: key('patientStatusRequired') }).optional(),
      /** True when the person booking is the patient; false when booking for someone else. */
      is_patient: z.boolean({ message: 'is_patient must be true or false' }),
      booker_first_name: z.string().nullish(),
      booker_last_name: z.string().nullish(),
      booker_dob: z.string().nullish(),
      message: shortText(2_000).nullish(),
      referrer_id: optionalShortText(200),
      user_meta: UserMetaSchema.nullish(),
      source_meta: SourceMetaSchema.nullish(),
      pms_clinic_num: pmsNumberField('pms_clinic_num').nullish(),
      is_concented: z.literal(true, { message: key('consentRequired') }),
      utm_details: UtmDetailsSchema.nullish(),
      payment_details: PaymentDetailsSchema.nullish(),
      has_insurance: z.boolean({ message: key('insuranceAnswerRequired') }),
      insurance_details: z.unknown().optional(),
      /** Our addition (ADR 0033): the language the patient booked in, for every later message. */
      language: z
        .enum(BOOKING_LANGUAGES, { message: `language must be one of ${BOOKING_LANGUAGES.join(', ')}` })
        .default('en'),
      /** The honeypot: people never see it, so only bots fill it. */
      hp: z.string().max(1_000).optional(),
    })
    .superRefine((body, ctx) => {
      const hasTimes = [body.apt_date, body.start_time, body.end_time].filter((v) => v !== null).length;
      if (hasTimes !== 0 && hasTimes !== 3) {
        ctx.addIssue({ code: 'custom', path: ['apt_date'], message: 'apt_date, start_time and end_time go together' });
      }
      if (!body.is_patient) requireCompanion(body, context, ctx);
      if (body.has_insurance && context.toShowInsurances) requireInsurance(body.insurance_details, context, ctx);
    })
    .transform(({ insurance_details, booker_first_name, booker_last_name, booker_dob, ...body }) => ({
      ...body,
      booker: body.is_patient
        ? null
        : { first_name: booker_first_name!.trim(), last_name: booker_last_name!.trim(), dob: booker_dob! },
      insurance: body.has_insurance && context.toShowInsurances ? pickInsurance(insurance_details, context) : null,
    }));
}

export type BookingBody = z.output<ReturnType<typeof createBookingBodySchema>>;
export type BookingBodyInput = z.input<ReturnType<typeof createBookingBodySchema>>;
export type InsuranceDetails = z.output<ReturnType<typeof insuranceDetailsSchema>>;

type Ctx = z.RefinementCtx;

function addParsed(schema: z.ZodType, value: unknown, path: string, ctx: Ctx) {
  const result = schema.safeParse(value);
  if (!result.success)
    for (const issue of result.error.issues)
      ctx.addIssue({ code: 'custom', path: [path, ...issue.path.map(String)], message: issue.message });
}

function requireCompanion(
  body: { booker_first_name?: string | null; booker_last_name?: string | null; booker_dob?: string | null },
  context: BookingRulesContext,
  ctx: Ctx,
) {
  addParsed(nameField(FIELD_MESSAGES.bookerFirstName), body.booker_first_name, 'booker_first_name', ctx);
  addParsed(nameField(FIELD_MESSAGES.bookerLastName), body.booker_last_name, 'booker_last_name', ctx);
  addParsed(isoBirthDateField(context.today), body.booker_dob, 'booker_dob', ctx);
}

function requireInsurance(details: unknown, context: BookingRulesContext, ctx: Ctx) {
  if (details === null || typeof details !== 'object') {
    // not patient-facing: the form always sends the details with has_insurance (a client's mistake)
    ctx.addIssue({
      code: 'custom',
      path: ['insurance_details'],
      message: 'Insurance details are required when has_insurance is true',
    });
    return;
  }
  addParsed(insuranceDetailsSchema(context.today), details, 'insurance_details', ctx);
  const d = details as Record<string, unknown>;
  const need = (field: string, message: ValidationKey) => {
    if (typeof d[field] !== 'string' || (d[field] as string).trim() === '') {
      ctx.addIssue({ code: 'custom', path: ['insurance_details', field], message });
    }
  };
  if (d.insurance === OTHER_INSURANCE) need('insurance_provider', FIELD_MESSAGES.insuranceProvider.required);
  const choices = context.insuranceChoices;
  if (choices && typeof d.insurance === 'string' && d.insurance.trim() !== '') {
    const name = d.insurance.trim();
    const isListed = name === OTHER_INSURANCE ? choices.acceptsOther : choices.names.includes(name);
    if (!isListed)
      ctx.addIssue({ code: 'custom', path: ['insurance_details', 'insurance'], message: key('insuranceNotListed') });
  }
  if (context.optionalInsuranceFields.includes('groupNumber'))
    need('group_number', ID_FIELD_MESSAGES.groupNumber.required);
  if (context.optionalInsuranceFields.includes('subscriberPhone'))
    need('subscribers_phone', key('subscriberPhoneRequired'));
}

/** Keeps only the fields this practice asks for (group number and phone when listed, provider for Other). */
function pickInsurance(details: unknown, context: BookingRulesContext): InsuranceDetails {
  const d = details as InsuranceDetails;
  return {
    insurance: d.insurance.trim(),
    subscribers_full_name: d.subscribers_full_name.trim(),
    subscribers_dob: d.subscribers_dob,
    subscriber_id: d.subscriber_id.trim(),
    haveDentalInsurance: 'Yes',
    subscribers_phone: context.optionalInsuranceFields.includes('subscriberPhone')
      ? (d.subscribers_phone?.trim() ?? null)
      : null,
    group_number: context.optionalInsuranceFields.includes('groupNumber') ? (d.group_number?.trim() ?? null) : null,
    insurance_provider: d.insurance === OTHER_INSURANCE ? (d.insurance_provider?.trim() ?? null) : null,
  };
}

/**
 * A booking's insurance in words, for the office (the booking's message and the console's CSV):
 * "Delta Dental, subscriber Maria Lopez (DOB 1965-07-30), ID AB-123, Group G-9".
 */
export function describeInsurance(i: InsuranceDetails): string {
  const name = i.insurance === OTHER_INSURANCE && i.insurance_provider ? `Other: ${i.insurance_provider}` : i.insurance;
  const extras = [
    i.group_number && `Group ${i.group_number}`,
    i.subscribers_phone && `Subscriber phone ${i.subscribers_phone}`,
  ].filter(Boolean);
  return (
    `${name}, subscriber ${i.subscribers_full_name} (DOB ${i.subscribers_dob}), ID ${i.subscriber_id}` +
    (extras.length ? `, ${extras.join(', ')}` : '')
  );
}

/**
 * The composite message stored with the booking and sent to the practice (spec section 3):
 * the patient's message, the reason, the companion, the insurance (or 'No Insurance') and a tag.
 */
export function composeBookingMessage(
  body: BookingBody,
  reasonName: string,
  madeBy: 'patient' | 'staff' = 'patient',
): string {
  const parts: string[] = [];
  if (body.message) parts.push(body.message);
  parts.push(`Reason: ${reasonName}`);
  if (body.booker) parts.push(`Booked by: ${body.booker.first_name} ${body.booker.last_name} (DOB ${body.booker.dob})`);
  if (body.insurance) {
    parts.push(`Insurance: ${describeInsurance(body.insurance)}`);
  } else if (madeBy === 'patient') {
    // Staff booking a patient who phoned are not asked about insurance (ADR 0038): say nothing.
    parts.push('No Insurance');
  }
  // practice-facing: the message stored with the booking for the office
  parts.push(
    madeBy === 'staff'
      ? `Booked by phone by the practice's staff in ${PRODUCT_NAME}`
      : `Booked online via ${PRODUCT_NAME}`,
  );
  return parts.join(' | ');
}

/** `POST appointment` result. `requested` is a booking without a slot (practice system down). */
export const BookingResultSchema = z.object({
  appointment_id: z.string(),
  /** Our addition (ADR 0033): the booking's short reference, read to the office over the phone. */
  reference: z.string(),
  status: z.enum(['booked', 'requested', 'pending_payment']),
  apt_date: z.string().nullable(),
  start_time: z.string().nullable(),
  end_time: z.string().nullable(),
  pms_prov_num: z.number(),
  pms_op_num: z.number(),
  /** ADR 0036: the patient's manage page, `/{form_url}/appointment/{token}`; absent while a payment is held. */
  manage_path: z.string().nullable().optional(),
});
export type BookingResult = z.infer<typeof BookingResultSchema>;

/** Wire field name → page-5 form field name, so a 422 shows each message at its field. */
export const WIRE_TO_FORM_FIELD: Record<string, string> = {
  first_name: 'firstName',
  last_name: 'lastName',
  email: 'email',
  wireless_phone: 'phone',
  dob: 'dob',
  message: 'message',
  patient_status: 'patientStatus',
  booker_first_name: 'companionFirstName',
  booker_last_name: 'companionLastName',
  booker_dob: 'companionDOB',
  is_concented: 'agreeTextAndEmail',
  has_insurance: 'haveDentalInsurance',
  'insurance_details.insurance': 'insurance',
  'insurance_details.insurance_provider': 'insuranceProvider',
  'insurance_details.subscribers_full_name': 'subscribersFullName',
  'insurance_details.subscribers_dob': 'subscriberDOB',
  'insurance_details.subscriber_id': 'subscriberID',
  'insurance_details.group_number': 'groupNumber',
  'insurance_details.subscribers_phone': 'subscriberPhone',
};
