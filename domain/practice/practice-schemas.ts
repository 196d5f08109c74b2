import * as z from 'zod/mini';

/**
 * Wire shapes of the practice entities (spec section 3), exactly as the API returns them.
 * The server builds them from the database; the browser parses every response with them.
 * Written with zod/mini: the booking page parses these before its first paint, and the mini
 * API tree-shakes to a fraction of the classic one (the page's script budget, ADR 0016).
 */

export const FormCustomizationSchema = z.object({
  brand_color: z.string(),
  button_color_1: z.string(),
  button_color_2: z.string(),
});
export type FormCustomization = z.infer<typeof FormCustomizationSchema>;

export const OPTIONAL_INSURANCE_FIELDS = ['groupNumber', 'subscriberPhone'] as const;
export const OptionalInsuranceFieldSchema = z.enum(OPTIONAL_INSURANCE_FIELDS);

export const InsuranceSchema = z.object({
  insuranceName: z.string(),
  inNetwork: z.boolean(),
});
export type Insurance = z.infer<typeof InsuranceSchema>;

/** How a practice can send a patient's one-time code; "text" only where the server sends texts. */
export const VerificationChannelSchema = z.enum(['email', 'text']);

export const FormDetailsSchema = z.object({
  id: z.string(),
  form_url: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  logo: z.nullable(z.string()),
  address_line1: z.nullable(z.string()),
  display_address: z.nullable(z.string()),
  street_address: z.nullable(z.string()),
  city: z.nullable(z.string()),
  state: z.nullable(z.string()),
  zipcode: z.nullable(z.string()),
  phone: z.nullable(z.string()),
  server_tz: z.string(),
  min_hours_before_booking: z.number(),
  /** Months after the current one the calendar offers, 1 to 11 (ADR 0079). */
  booking_horizon_months: z.number(),
  is_accepting_patients: z.boolean(),
  clinic_set_up: z.boolean(),
  to_show_insurances: z.boolean(),
  to_verify_patient: z.boolean(),
  to_redirect: z.boolean(),
  redirection_delay: z.number(),
  redirection_url: z.nullable(z.string()),
  ref_redirection_url: z.nullable(z.string()),
  publishable_key: z.nullable(z.string()),
  /** The channels the verification page offers: ["email"] on a server without texts (ADR 0029). */
  verification_channels: z.array(VerificationChannelSchema),
  optional_insurance_fields: z.array(OptionalInsuranceFieldSchema),
  out_of_network_insurance_message: z.nullable(z.string()),
  other_insurance_message: z.nullable(z.string()),
  no_insurance_message: z.nullable(z.string()),
  info_for_patient: z.nullable(z.string()),
  info_for_paid_patient: z.nullable(z.string()),
  insurances: z.array(InsuranceSchema),
  accept_other_insurance: z.boolean(),
  show_out_of_network_insurance_message: z.boolean(),
  show_other_insurance_message: z.boolean(),
  form_customization: FormCustomizationSchema,
});
export type FormDetails = z.infer<typeof FormDetailsSchema>;

export const ClinicSchema = z.object({
  id: z.string(),
  pms_clinic_num: z.int(),
  display_name: z.nullable(z.string()),
  pms_abbr: z.nullable(z.string()),
  display_location: z.nullable(z.string()),
  pms_city: z.nullable(z.string()),
  display_address: z.nullable(z.string()),
  pms_address1: z.nullable(z.string()),
  display_phone: z.nullable(z.string()),
  pms_state: z.nullable(z.string()),
  pms_zip: z.nullable(z.string()),
  /** The IANA zone its times are in: its own, or the practice's server_tz (ADR 0061). */
  time_zone: z.string(),
});
export type Clinic = z.infer<typeof ClinicSchema>;

export const ProviderSchema = z.object({
  provider_id: z.string(),
  pms_prov_num: z.int(),
  profile_pic: z.nullable(z.string()),
  provider_display_name: z.nullable(z.string()),
  provider_first_name: z.nullable(z.string()),
  provider_last_name: z.nullable(z.string()),
});
export type Provider = z.infer<typeof ProviderSchema>;

export const ReasonForVisitSchema = z.object({
  id: z.string(),
  name: z.string(),
  final_duration: z.int(),
  amount: z.number(),
  for_new_patients: z.boolean(),
  for_returning_patients: z.boolean(),
  is_active: z.boolean(),
  is_payment_enabled: z.boolean(),
  to_show_providers: z.boolean(),
  providers: z.array(ProviderSchema),
});
export type ReasonForVisit = z.infer<typeof ReasonForVisitSchema>;
