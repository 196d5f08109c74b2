/**
 * Test support for route-fuzz.api.test.ts: what each registered route reads, until routes carry
 * their schemas (ADR 0041). Every field name the `domain/` wire schemas use has a kind, which
 * decides the hostile values it gets; each route lists its path params, query and JSON body with
 * a valid value each, so one hostile value at a time reaches the deepest check. A route the app
 * registers and this list does not know fails the fuzz: a new route is added here.
 *
 * Values in braces (`{practice}`) are the fuzz's own records, filled in when it runs.
 */

import { PATIENT_ROUTE_FIELDS } from './route-fuzz-patient-fields.ts';
import { STAFF_ROUTE_FIELDS } from './route-fuzz-staff-fields.ts';

export type FieldKind = 'day' | 'time' | 'number' | 'instant' | 'id' | 'text' | 'flag';

/** Every field name the wire's schemas read (patient, staff, operator and development), by kind. */
export const FIELD_KINDS = {
  // Practice days and birth dates.
  apt_date: 'day',
  start_date: 'day',
  end_date: 'day',
  date: 'day',
  from: 'day',
  to: 'day',
  dob: 'day',
  booker_dob: 'day',
  // Wall times.
  start_time: 'time',
  end_time: 'time',
  // PMS numbers, database ids and other whole numbers.
  pms_prov_num: 'number',
  pms_op_num: 'number',
  pms_clinic_num: 'number',
  clinic: 'number',
  before: 'number',
  idle_minutes: 'number',
  ErrorCode: 'number',
  // Instants.
  now: 'instant',
  // Ids and tokens (uuids, one-time secrets, session ids).
  id: 'id',
  token: 'id',
  requestId: 'id',
  practice_id: 'id',
  rfv_id: 'id',
  reason_for_visit_id: 'id',
  reason_id: 'id',
  appointment_id: 'id',
  request_id: 'id',
  session_id: 'id',
  replaces_session_id: 'id',
  MessageSid: 'id',
  MessagingServiceSid: 'id',
  // Booleans.
  is_patient: 'flag',
  is_concented: 'flag',
  has_insurance: 'flag',
  is_new_patient: 'flag',
  agreed_to_contact: 'flag',
  refund: 'flag',
  active: 'flag',
  require_totp: 'flag',
  send: 'flag',
  // Free text, names, contacts, choices and objects.
  formUrl: 'text',
  form_url: 'text',
  outcome: 'text',
  referrer_id: 'text',
  first_name: 'text',
  last_name: 'text',
  booker_first_name: 'text',
  booker_last_name: 'text',
  patient_first_name: 'text',
  patient_last_name: 'text',
  name: 'text',
  email: 'text',
  wireless_phone: 'text',
  recipient: 'text',
  verification_type: 'text',
  otp: 'text',
  code: 'text',
  password: 'text',
  message: 'text',
  note: 'text',
  reason: 'text',
  role: 'text',
  label: 'text',
  language: 'text',
  patient_status: 'text',
  status: 'text',
  q: 'text',
  format: 'text',
  feedback_category: 'text',
  feedback_description: 'text',
  hp: 'text',
  user_meta: 'text',
  source_meta: 'text',
  utm_details: 'text',
  payment_details: 'text',
  insurance_details: 'text',
  body: 'text',
  From: 'text',
  To: 'text',
  Body: 'text',
  MessageStatus: 'text',
  type: 'text',
} as const satisfies Record<string, FieldKind>;
export type FieldName = keyof typeof FIELD_KINDS;

/**
 * Who sends it: anyone; anyone with a solved bot challenge; the patient's manage link; a signed-in
 * console (each staff role in turn); the operator's bearer key; a throwaway console session (a
 * route that ends the session it is sent with).
 */
export type Caller = 'public' | 'bot' | 'staff' | 'admin' | 'own-session';

export interface RouteFields {
  as: Caller;
  params?: Partial<Record<FieldName, string>>;
  query?: Partial<Record<FieldName, unknown>>;
  body?: Partial<Record<FieldName, unknown>>;
  /** The body goes as a form (a webhook's), not as JSON. */
  isForm?: boolean;
}

/** `METHOD /path` as listRoutes(app) names it → what the route reads. */
export const ROUTE_FIELDS: Record<string, RouteFields> = { ...PATIENT_ROUTE_FIELDS, ...STAFF_ROUTE_FIELDS };
