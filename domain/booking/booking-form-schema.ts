import { z } from 'zod';
import type { en as validationMessages } from '../i18n/validation.messages.ts';
import {
  DATE_MESSAGE,
  emailField,
  FIELD_MESSAGES,
  ID_FIELD_MESSAGES,
  idTextField,
  insuranceNameField,
  nameField,
  phoneField,
  usBirthDateField,
  usDateToIso,
} from './booking-field-rules.ts';
import {
  OTHER_INSURANCE,
  PATIENT_STATUSES,
  type BookingBodyInput,
  type BookingRulesContext,
} from './booking-schemas.ts';

/** A key of the validation catalogue: issue messages are keys, translated where they are shown (ADR 0034). */
const key = (k: keyof typeof validationMessages) => k;
/**
 * The page-5 form (spec section 3 "Form fields on page 5"), in the browser's naming. Built from the
 * same field rules as the wire body; `toBookingBody` maps it onto the wire in one place.
 */

export interface BookingFormContext extends BookingRulesContext {
  /** With verification the consent box is on page 6, so page 5 does not require it. */
  toVerifyPatient: boolean;
}

export const InsuranceOptionSchema = z.object({ label: z.string(), value: z.string() });
export type InsuranceOption = z.infer<typeof InsuranceOptionSchema>;

export function createBookingFormSchema(context: BookingFormContext) {
  const today = context.today;
  return z
    .object({
      firstName: nameField(FIELD_MESSAGES.firstName),
      lastName: nameField(FIELD_MESSAGES.lastName),
      email: emailField(),
      phone: phoneField(),
      dob: usBirthDateField(today),
      message: z.string().max(2_000).optional().default(''),
      patientStatus: z.enum(PATIENT_STATUSES, { message: key('patientStatusRequired') }),
      bookingForSomeOne: z.boolean().default(false),
      companionFirstName: z.string().optional().default(''),
      companionLastName: z.string().optional().default(''),
      companionDOB: z.string().optional().default(''),
      haveDentalInsurance: z.enum(['Yes', 'No']).nullable().default(null),
      insurance: InsuranceOptionSchema.nullable().default(null),
      insuranceProvider: z.string().optional().default(''),
      subscribersFullName: z.string().optional().default(''),
      subscriberDOB: z.string().optional().default(''),
      subscriberID: z.string().optional().default(''),
      groupNumber: z.string().optional().default(''),
      subscriberPhone: z.string().optional().default(''),
      agreeTextAndEmail: z.boolean().default(false),
      hp: z.string().optional().default(''),
    })
    .superRefine(
      (form, ctx) => {
        const check = (schema: z.ZodType, value: unknown, path: string) => {
          const result = schema.safeParse(value);
          if (!result.success)
            ctx.addIssue({ code: 'custom', path: [path], message: result.error.issues[0]?.message ?? DATE_MESSAGE });
        };
        if (!context.toVerifyPatient && !form.agreeTextAndEmail) {
          ctx.addIssue({ code: 'custom', path: ['agreeTextAndEmail'], message: key('consentRequired') });
        }
        if (form.bookingForSomeOne) {
          check(nameField(FIELD_MESSAGES.yourFirstName), form.companionFirstName, 'companionFirstName');
          check(nameField(FIELD_MESSAGES.yourLastName), form.companionLastName, 'companionLastName');
          check(usBirthDateField(today), form.companionDOB, 'companionDOB');
        }
        if (!context.toShowInsurances) return;
        if (form.haveDentalInsurance === null) {
          // The spec gives 'Please select patient status' for the insurance question too (section 5);
          // its own key lets Spanish ask about insurance.
          ctx.addIssue({ code: 'custom', path: ['haveDentalInsurance'], message: key('insuranceAnswerRequired') });
          return;
        }
        if (form.haveDentalInsurance === 'No') return;
        if (!form.insurance) ctx.addIssue({ code: 'custom', path: ['insurance'], message: key('insuranceRequired') });
        if (form.insurance?.value === OTHER_INSURANCE)
          check(insuranceNameField(FIELD_MESSAGES.insuranceProvider), form.insuranceProvider, 'insuranceProvider');
        check(nameField(FIELD_MESSAGES.subscriberFullName), form.subscribersFullName, 'subscribersFullName');
        check(usBirthDateField(today), form.subscriberDOB, 'subscriberDOB');
        check(idTextField(ID_FIELD_MESSAGES.subscriberId), form.subscriberID, 'subscriberID');
        if (context.optionalInsuranceFields.includes('groupNumber'))
          check(idTextField(ID_FIELD_MESSAGES.groupNumber), form.groupNumber, 'groupNumber');
        if (context.optionalInsuranceFields.includes('subscriberPhone'))
          check(phoneField(), form.subscriberPhone, 'subscriberPhone');
      },
      {
        // Run even while a plain field (say the first name) is still empty, so the companion and
        // insurance messages show at their fields as the patient leaves them, not only once the rest
        // of the form is valid. Every check above parses raw input rather than assuming its type.
        when: () => true,
      },
    );
}

/** The form's date fields: a date blocks the submit button until it is a valid date. */
const DATE_FIELDS: ReadonlySet<PropertyKey> = new Set(['dob', 'companionDOB', 'subscriberDOB']);

const isMissing = (value: unknown) =>
  value === undefined || value === null || value === false || (typeof value === 'string' && value.trim() === '');

/**
 * Spec section 5: the page-5 submit button stays disabled while the schema finds a required answer
 * missing (a name, the consent, an insurance choice, ...) or a date that is not valid. The schema's
 * other findings, such as an e-mail address without an @ or the visited-before question that page 5
 * asks when page 1 was skipped, show at their fields when the patient submits. Derived from the
 * schema, so the button and the messages cannot disagree on what is required. The fields that
 * block it, once each in the form's order, are what the page says beside the button (ADR 0060).
 */
export function submitBlockers(
  schema: ReturnType<typeof createBookingFormSchema>,
  values: Record<string, unknown>,
): string[] {
  const result = schema.safeParse(values);
  if (result.success) return [];
  const blocking = result.error.issues
    .map((issue) => issue.path[0])
    .filter((field): field is string => typeof field === 'string' && field !== 'patientStatus')
    .filter((field) => DATE_FIELDS.has(field) || isMissing(values[field]));
  return [...new Set(blocking)];
}

export function canSubmitBookingForm(
  schema: ReturnType<typeof createBookingFormSchema>,
  values: Record<string, unknown>,
): boolean {
  return submitBlockers(schema, values).length === 0;
}

export type BookingForm = z.output<ReturnType<typeof createBookingFormSchema>>;
export type BookingFormInput = z.input<ReturnType<typeof createBookingFormSchema>>;

/** What the earlier steps chose, needed to build the wire body. */
export interface BookingSelection {
  practiceId: string;
  reasonForVisitId: string;
  pmsProvNum: number;
  pmsOpNum: number;
  pmsClinicNum?: number | null;
  /** Null when proceeding without a slot. */
  slot: { date: string; startTime: string; endTime: string } | null;
  referrerId?: string | null;
}

/** The one place where the form's camelCase becomes the spec's wire naming. */
export function toBookingBody(
  form: BookingForm,
  selection: BookingSelection,
  context: BookingFormContext,
): BookingBodyInput {
  const hasInsurance = context.toShowInsurances && form.haveDentalInsurance === 'Yes';
  const isOther = form.insurance?.value === OTHER_INSURANCE;
  return {
    practice_id: selection.practiceId,
    first_name: form.firstName.trim(),
    last_name: form.lastName.trim(),
    email: form.email.trim(),
    wireless_phone: form.phone.trim(),
    dob: usDateToIso(form.dob) ?? form.dob,
    rfv_id: selection.reasonForVisitId,
    pms_op_num: selection.pmsOpNum,
    pms_prov_num: selection.pmsProvNum,
    apt_date: selection.slot?.date ?? null,
    start_time: selection.slot?.startTime ?? null,
    end_time: selection.slot?.endTime ?? null,
    patient_status: form.patientStatus,
    is_patient: !form.bookingForSomeOne,
    booker_first_name: form.bookingForSomeOne ? form.companionFirstName.trim() : null,
    booker_last_name: form.bookingForSomeOne ? form.companionLastName.trim() : null,
    booker_dob: form.bookingForSomeOne ? (usDateToIso(form.companionDOB) ?? form.companionDOB) : null,
    message: form.message.trim(),
    referrer_id: selection.referrerId ?? null,
    pms_clinic_num: selection.pmsClinicNum ?? null,
    is_concented: true,
    has_insurance: hasInsurance,
    insurance_details: hasInsurance
      ? {
          insurance: isOther ? OTHER_INSURANCE : (form.insurance?.label ?? ''),
          subscribers_full_name: form.subscribersFullName.trim(),
          subscribers_dob: usDateToIso(form.subscriberDOB) ?? form.subscriberDOB,
          subscriber_id: form.subscriberID.trim(),
          haveDentalInsurance: 'Yes',
          ...(context.optionalInsuranceFields.includes('subscriberPhone')
            ? { subscribers_phone: form.subscriberPhone.trim() }
            : {}),
          ...(context.optionalInsuranceFields.includes('groupNumber') ? { group_number: form.groupNumber.trim() } : {}),
          ...(isOther ? { insurance_provider: form.insuranceProvider.trim() } : {}),
        }
      : undefined,
    hp: form.hp,
  };
}
