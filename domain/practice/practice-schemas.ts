import { z } from 'zod';

/**
 * Wire shapes of the practice entities (spec section 3), exactly as the API returns them.
 * The server builds them from the database; the browser parses every response with them.
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

export const FormDetailsSchema = z.object({
  id: z.string(),
  form_url: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  address_line1: z.string().nullable(),
  display_address: z.string().nullable(),
  street_address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipcode: z.string().nullable(),
  phone: z.string().nullable(),
  server_tz: z.string(),
  min_hours_before_booking: z.number(),
  is_accepting_patients: z.boolean(),
  clinic_set_up: z.boolean(),
  to_show_insurances: z.boolean(),
  to_verify_patient: z.boolean(),
  to_redirect: z.boolean(),
  redirection_delay: z.number(),
  redirection_url: z.string().nullable(),
  ref_redirection_url: z.string().nullable(),
  publishable_key: z.string().nullable(),
  optional_insurance_fields: z.array(OptionalInsuranceFieldSchema),
  out_of_network_insurance_message: z.string().nullable(),
  other_insurance_message: z.string().nullable(),
  no_insurance_message: z.string().nullable(),
  info_for_patient: z.string().nullable(),
  info_for_paid_patient: z.string().nullable(),
  insurances: z.array(InsuranceSchema),
  accept_other_insurance: z.boolean(),
  show_out_of_network_insurance_message: z.boolean(),
  show_other_insurance_message: z.boolean(),
  form_customization: FormCustomizationSchema,
});
export type FormDetails = z.infer<typeof FormDetailsSchema>;

export const ClinicSchema = z.object({
  id: z.string(),
  pms_clinic_num: z.number().int(),
  display_name: z.string().nullable(),
  pms_abbr: z.string().nullable(),
  display_location: z.string().nullable(),
  pms_city: z.string().nullable(),
  display_address: z.string().nullable(),
  pms_address1: z.string().nullable(),
  display_phone: z.string().nullable(),
  pms_state: z.string().nullable(),
  pms_zip: z.string().nullable(),
});
export type Clinic = z.infer<typeof ClinicSchema>;

export const ProviderSchema = z.object({
  provider_id: z.string(),
  pms_prov_num: z.number().int(),
  profile_pic: z.string().nullable(),
  provider_display_name: z.string().nullable(),
  provider_first_name: z.string().nullable(),
  provider_last_name: z.string().nullable(),
});
export type Provider = z.infer<typeof ProviderSchema>;

export const ReasonForVisitSchema = z.object({
  id: z.string(),
  name: z.string(),
  final_duration: z.number().int(),
  amount: z.number(),
  for_new_patients: z.boolean(),
  for_returning_patients: z.boolean(),
  is_active: z.boolean(),
  is_payment_enabled: z.boolean(),
  to_show_providers: z.boolean(),
  providers: z.array(ProviderSchema),
});
export type ReasonForVisit = z.infer<typeof ReasonForVisitSchema>;
