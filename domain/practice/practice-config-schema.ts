import { z } from 'zod';
import { HORIZON_MONTHS_AHEAD } from '../availability/booking-horizon.ts';
import { DEFAULT_MANAGE_POLICY } from '../booking/manage-policy.ts';
import {
  colour,
  dollars,
  flag,
  formUrl,
  horizonMonths,
  ianaTimeZone,
  localDate,
  localDateTime,
  optionalEmail,
  optionalHttpUrl,
  optionalImageUrl,
  optionalSmsSender,
  optionalText,
  policyHours,
  pmsNum,
  positiveMinutes,
  quietHours,
  reminderRules,
  requiredText,
  staleAfterMinutes,
  timeOfDay,
  translationsOf,
  wholeNumberAtLeastZero,
} from './practice-config-fields.ts';
import { findDuplicateFormUrls, findPracticeProblems } from './practice-config-rules.ts';
import { describeIssue, formatPath, type ConfigProblem } from './practice-config-problems.ts';
import { OPTIONAL_INSURANCE_FIELDS } from './practice-schemas.ts';
import {
  CLINIC_TEXT_FIELDS,
  PRACTICE_TEXT_FIELDS,
  REASON_TEXT_FIELDS,
  TRANSLATION_LANGUAGES,
} from './practice-translations.ts';

/**
 * The practice configuration file (docs: shared/design/practice-config.md). Every object is strict
 * so that a misspelt key is reported instead of silently falling back to its default.
 */

const ClinicConfigSchema = z.strictObject({
  pms_clinic_num: pmsNum(),
  display_name: optionalText(),
  pms_abbr: optionalText(),
  display_location: optionalText(),
  pms_city: optionalText(),
  display_address: optionalText(),
  pms_address1: optionalText(),
  display_phone: optionalText(),
  pms_state: optionalText(),
  pms_zip: optionalText(),
  // Its own wall clock when it lies in another zone than the practice (ADR 0061); null: server_tz.
  time_zone: ianaTimeZone().nullable().default(null),
  translations: translationsOf(CLINIC_TEXT_FIELDS),
});

const ProviderConfigSchema = z.strictObject({
  pms_prov_num: pmsNum(),
  provider_display_name: optionalText(),
  provider_first_name: optionalText(),
  provider_last_name: optionalText(),
  profile_pic: optionalImageUrl(),
  // Off: kept with its hours, but offered to nobody for new bookings; its bookings stay (ADR 0084).
  is_active: flag(true),
});

const OperatoryConfigSchema = z.strictObject({
  pms_op_num: pmsNum(),
  name: requiredText(),
  pms_clinic_num: pmsNum().nullable().default(null),
});

const ReasonConfigSchema = z.strictObject({
  name: requiredText(),
  final_duration: positiveMinutes(60),
  amount: dollars(),
  for_new_patients: flag(true),
  for_returning_patients: flag(true),
  is_active: flag(true),
  is_payment_enabled: flag(false),
  to_show_providers: flag(false),
  providers: z.array(pmsNum()).default([]),
  clinics: z.array(pmsNum()).default([]),
  translations: translationsOf(REASON_TEXT_FIELDS),
});

const BreakConfigSchema = z.strictObject({ start: timeOfDay(), end: timeOfDay() });

const ScheduleConfigSchema = z.strictObject({
  pms_prov_num: pmsNum(),
  pms_op_num: pmsNum(),
  pms_clinic_num: pmsNum().nullable().default(null),
  weekdays: z
    .array(z.number({ error: 'must be a weekday from 0 (Sunday) to 6 (Saturday)' }).int().min(0).max(6))
    .min(1, 'must list at least one weekday'),
  start: timeOfDay(),
  end: timeOfDay(),
  breaks: z.array(BreakConfigSchema).default([]),
});

// Without start and end the whole day is closed; with them, that part of it (ADR 0079). A yearly closure
// repeats on its month and day every year from its date on (ADR 0084).
const ClosureConfigSchema = z.strictObject({
  date: localDate(),
  name: optionalText(),
  start: timeOfDay().optional(),
  end: timeOfDay().optional(),
  yearly: z.boolean().optional(),
});

const TimeOffConfigSchema = z.strictObject({ pms_prov_num: pmsNum(), start: localDateTime(), end: localDateTime() });

const InsuranceConfigSchema = z.strictObject({
  insuranceName: requiredText(),
  inNetwork: flag(true),
});

const FormCustomizationConfigSchema = z
  .strictObject({
    brand_color: colour('#334155'),
    button_color_1: colour('#0f766e'),
    button_color_2: colour('#0f766e'),
  })
  .default({ brand_color: '#334155', button_color_1: '#0f766e', button_color_2: '#0f766e' });

const PmsConfigSchema = z
  .discriminatedUnion('type', [
    z.strictObject({ type: z.literal('builtin') }),
    // Left out, the stored key is kept: exports carry no secrets and import again (ADR 0079).
    z.strictObject({ type: z.literal('opendental'), customer_key: requiredText().optional() }),
  ])
  .default({ type: 'builtin' });

const REVIEW_DELAY_MESSAGE = 'must be a whole number of hours from 0 to 720, or null';

export const PracticeConfigSchema = z
  .strictObject({
    form_url: formUrl(),
    // How many changes the practice's settings have had (ADR 0079); a file without one is version 0.
    version: wholeNumberAtLeastZero('changes', 0),
    name: requiredText(),
    description: optionalText(),
    logo: optionalImageUrl(),
    address_line1: optionalText(),
    display_address: optionalText(),
    street_address: optionalText(),
    city: optionalText(),
    state: optionalText(),
    zipcode: optionalText(),
    phone: optionalText(),
    server_tz: ianaTimeZone(),
    min_hours_before_booking: wholeNumberAtLeastZero('hours', 0),
    // How far ahead patients may book (ADR 0079): months after the current one, at most the spec's 11.
    booking_horizon_months: horizonMonths(HORIZON_MONTHS_AHEAD),
    is_accepting_patients: flag(true),
    clinic_set_up: flag(false),
    to_show_insurances: flag(false),
    to_verify_patient: flag(false),
    to_redirect: flag(false),
    redirection_delay: wholeNumberAtLeastZero('seconds', 0),
    redirection_url: optionalHttpUrl(),
    ref_redirection_url: optionalHttpUrl(),
    optional_insurance_fields: z
      .array(z.enum(OPTIONAL_INSURANCE_FIELDS, { error: 'must be groupNumber or subscriberPhone' }))
      .default([]),
    insurances: z.array(InsuranceConfigSchema).default([]),
    accept_other_insurance: flag(false),
    show_out_of_network_insurance_message: flag(false),
    show_other_insurance_message: flag(false),
    out_of_network_insurance_message: optionalText(),
    other_insurance_message: optionalText(),
    no_insurance_message: optionalText(),
    info_for_patient: optionalText(),
    info_for_paid_patient: optionalText(),
    form_customization: FormCustomizationConfigSchema,
    // The texts above in other languages: { "es": { "description": "…" } } (ADR 0034).
    translations: translationsOf(PRACTICE_TEXT_FIELDS),
    slot_interval_minutes: positiveMinutes(15),
    google_review_url: optionalHttpUrl(),
    notification_email: optionalEmail(),
    // The practice's own texting number or Messaging Service; null: TWILIO_FROM (ADR 0033).
    sms_from: optionalSmsSender(),
    // Hours after an appointment's end to send its review request; absent or null: off (ADR 0013).
    review_request_delay_hours: z
      .number({ error: REVIEW_DELAY_MESSAGE })
      .int(REVIEW_DELAY_MESSAGE)
      .min(0, REVIEW_DELAY_MESSAGE)
      .max(720, REVIEW_DELAY_MESSAGE)
      .nullable()
      .optional(),
    // What a patient may do from the manage link (ADR 0036): hours before the visit, and moves per booking.
    reschedule_cutoff_hours: policyHours(DEFAULT_MANAGE_POLICY.rescheduleCutoffHours),
    cancel_cutoff_hours: policyHours(DEFAULT_MANAGE_POLICY.cancelCutoffHours),
    max_reschedules: z
      .number({ error: 'must be a whole number from 0 to 20' })
      .int('must be a whole number from 0 to 20')
      .min(0, 'must be a whole number from 0 to 20')
      .max(20, 'must be a whole number from 0 to 20')
      .default(DEFAULT_MANAGE_POLICY.maxReschedules),
    refund_deposit_if_cancelled_hours_before: policyHours(DEFAULT_MANAGE_POLICY.refundDepositIfCancelledHoursBefore),
    // Reminders before each visit (ADR 0037): the rules, the hours no text goes, and whether a
    // reminder may name the reason for the visit (a lock screen is public).
    reminder_rules: reminderRules(),
    quiet_hours: quietHours(),
    reminders_show_reason: flag(false),
    // How old an Open Dental mirror may grow before slot lists say they may not be current (ADR 0071).
    opendental_stale_after_minutes: staleAfterMinutes(15),
    pms: PmsConfigSchema,
    clinics: z.array(ClinicConfigSchema).default([]),
    providers: z.array(ProviderConfigSchema).default([]),
    operatories: z.array(OperatoryConfigSchema).default([]),
    reasons: z.array(ReasonConfigSchema).default([]),
    schedules: z.array(ScheduleConfigSchema).default([]),
    closures: z.array(ClosureConfigSchema).default([]),
    time_off: z.array(TimeOffConfigSchema).default([]),
    // What `practice:sync --write` found in Open Dental and the practice does not offer online.
    // The importer ignores it; moving an entry into clinics/providers/operatories offers it (ADR 0015).
    not_offered: z
      .strictObject({
        clinics: z.array(ClinicConfigSchema).default([]),
        providers: z.array(ProviderConfigSchema).default([]),
        operatories: z.array(OperatoryConfigSchema).default([]),
      })
      .optional(),
  })
  // Rules across fields need well-formed values, so they wait until this practice has no problem.
  .superRefine(
    (practice, ctx) => findPracticeProblems(practice).forEach((p) => ctx.addIssue({ code: 'custom', ...p })),
    {
      when: (payload) => payload.issues.length === 0,
    },
  );

export const PracticeConfigFileSchema = z
  .strictObject({
    practices: z.array(PracticeConfigSchema).min(1, 'must list at least one practice'),
  })
  .superRefine(
    (file, ctx) => findDuplicateFormUrls(file.practices).forEach((p) => ctx.addIssue({ code: 'custom', ...p })),
    {
      when: (payload) => payload.issues.length === 0,
    },
  );

export type PracticeConfig = z.output<typeof PracticeConfigSchema>;
export type PracticeConfigFile = z.output<typeof PracticeConfigFileSchema>;
export type ClinicConfig = z.output<typeof ClinicConfigSchema>;
export type ProviderConfig = z.output<typeof ProviderConfigSchema>;
export type OperatoryConfig = z.output<typeof OperatoryConfigSchema>;
export type ReasonConfig = z.output<typeof ReasonConfigSchema>;
export type ScheduleConfig = z.output<typeof ScheduleConfigSchema>;
export type ClosureConfig = z.output<typeof ClosureConfigSchema>;

export type PracticeConfigParseResult = { ok: true; value: PracticeConfigFile } | { ok: false; problems: string[] };

/** Validates a parsed JSON file; each problem reads `practices[0].reasons[2].final_duration: message`. */
export function parsePracticeConfigFile(json: unknown): PracticeConfigParseResult {
  const result = checkPracticeConfigFile(json);
  if (result.ok) return result;
  return { ok: false, problems: result.problems.map((p) => `${formatPath(p.path)}: ${p.message}`) };
}

/** The same validation, each problem with its path as a list: the console keys its fields by it (ADR 0079). */
export function checkPracticeConfigFile(
  json: unknown,
): { ok: true; value: PracticeConfigFile } | { ok: false; problems: ConfigProblem[] } {
  const result = PracticeConfigFileSchema.safeParse(json, { error: describeIssue });
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    problems: result.error.issues.flatMap((issue): ConfigProblem[] =>
      // One problem per unknown key, pointing at the key itself.
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({ path: [...paths(issue.path), key], message: unknownKeyMessage(issue.path, key) }))
        : [{ path: paths(issue.path), message: issue.message }],
    ),
  };
}

const paths = (path: readonly PropertyKey[]) => path.map((key) => (typeof key === 'number' ? key : String(key)));

/** Under `translations` a key is a language, so an unknown one is named as such. */
function unknownKeyMessage(path: readonly PropertyKey[], key: string): string {
  if (path[path.length - 1] !== 'translations') return 'unknown field';
  if (key === 'en') return 'English is the text itself: write it in the field, and other languages here';
  return `is not a language of the patient side; translations can be given in ${TRANSLATION_LANGUAGES.join(', ')}`;
}
