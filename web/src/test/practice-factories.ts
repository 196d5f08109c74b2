import type { Clinic, FormDetails } from '#domain/practice/practice-schemas.ts';

/** Test data with every field set to a plain default; each test overrides only what it is about. */
export function buildFormDetails(overrides: Partial<FormDetails> = {}): FormDetails {
  return {
    id: '5f0c6a52-4b8e-4c1e-9d9a-1c2b3d4e5f60',
    form_url: 'bright-smile',
    name: 'Bright Smile Dental',
    description: null,
    logo: null,
    address_line1: '12 Main St',
    display_address: null,
    street_address: null,
    city: 'Austin',
    state: 'TX',
    zipcode: '78701',
    phone: '5125550100',
    server_tz: 'America/Chicago',
    min_hours_before_booking: 0,
    booking_horizon_months: 11,
    is_accepting_patients: true,
    clinic_set_up: false,
    to_show_insurances: false,
    to_verify_patient: false,
    to_redirect: false,
    redirection_delay: 0,
    redirection_url: null,
    ref_redirection_url: null,
    publishable_key: null,
    verification_channels: ['email', 'text'],
    optional_insurance_fields: [],
    out_of_network_insurance_message: null,
    other_insurance_message: null,
    no_insurance_message: null,
    info_for_patient: null,
    info_for_paid_patient: null,
    insurances: [],
    accept_other_insurance: false,
    show_out_of_network_insurance_message: false,
    show_other_insurance_message: false,
    form_customization: { brand_color: '#334155', button_color_1: '#0f766e', button_color_2: '#0f766e' },
    ...overrides,
  };
}

export function buildClinic(overrides: Partial<Clinic> = {}): Clinic {
  return {
    id: '9a1b2c3d-0000-4000-8000-000000000001',
    pms_clinic_num: 1,
    display_name: 'Downtown',
    pms_abbr: 'DT',
    display_location: 'Downtown',
    pms_city: 'Austin',
    display_address: null,
    pms_address1: '500 Congress Ave',
    display_phone: '5125550111',
    pms_state: 'TX',
    pms_zip: '78701',
    time_zone: 'America/Chicago',
    ...overrides,
  };
}
