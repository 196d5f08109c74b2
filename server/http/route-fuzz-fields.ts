/**
 * Test support for route-fuzz.api.test.ts: what each registered route reads, until routes carry
 * their schemas (ADR 0041). Every field name the `domain/` wire schemas use has a kind, which
 * decides the hostile values it gets; each route lists its path params, query and JSON body with
 * a valid value each, so one hostile value at a time reaches the deepest check. A route the app
 * registers and this list does not know fails the fuzz: a new route is added here.
 *
 * Values in braces (`{practice}`) are the fuzz's own records, filled in when it runs.
 */

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

const BOOKING = {
  practice_id: '{practice}',
  rfv_id: '{reason}',
  first_name: 'Ana',
  last_name: 'Lopez',
  email: 'ana.fuzz@example.com',
  wireless_phone: '+15125550123',
  dob: '1990-04-12',
  pms_op_num: 1,
  pms_prov_num: 1,
  apt_date: '2026-03-06',
  start_time: '09:00:00',
  end_time: '09:30:00',
  patient_status: 'New Patient',
  is_patient: true,
  booker_first_name: null,
  booker_last_name: null,
  booker_dob: null,
  message: 'First visit',
  referrer_id: 'ref-7',
  user_meta: { deviceWidth: 390 },
  source_meta: { source: 'google' },
  utm_details: { utm_source: 'newsletter' },
  payment_details: null,
  pms_clinic_num: null,
  is_concented: true,
  has_insurance: false,
  insurance_details: null,
  hp: '',
  language: 'en',
} satisfies RouteFields['body'];

const REVIEW_REQUEST = {
  patient_first_name: 'Ana',
  patient_last_name: 'Lopez',
  email: 'ana.review@example.com',
  wireless_phone: null,
  appointment_id: null,
  is_concented: false,
  send: false,
} satisfies RouteFields['body'];

const PHONED = {
  reason_id: '{reason}',
  pms_clinic_num: null,
  pms_prov_num: 1,
  apt_date: '2026-03-09',
  start_time: '10:00',
  first_name: 'Rosa',
  last_name: 'Diaz',
  dob: '1970-05-06',
  is_new_patient: false,
  email: 'rosa.fuzz@example.com',
  wireless_phone: null,
  message: null,
  language: 'en',
  agreed_to_contact: true,
} satisfies RouteFields['body'];

const RANGE = { from: '2026-03-01', to: '2026-03-31' };
const MOVE = { apt_date: '2026-03-10', start_time: '11:00', end_time: '11:30', pms_prov_num: 1, pms_op_num: 1 };
const SID = 'SM0123456789abcdef0123456789abcdef';

/** `METHOD /path` as listRoutes(app) names it → what the route reads. */
export const ROUTE_FIELDS: Record<string, RouteFields> = {
  // The site and development tools.
  'GET /index.html': { as: 'public' },
  'GET /assets/app-test.js': { as: 'public' },
  'GET /api/v1/health': { as: 'public' },
  'GET /api/v1/captcha/challenge': { as: 'public' },
  'GET /_dev/outbox': { as: 'public', query: { format: 'json' } },
  'GET /_dev/checkout/:id': { as: 'public', params: { id: 'cs_local_missing' } },
  'POST /_dev/checkout/:id/:outcome': { as: 'public', params: { id: 'cs_local_missing', outcome: 'pay' } },
  'POST /_dev/sms/reply': { as: 'public', body: { from: '+15125550123', to: undefined, body: 'YES' } },
  'GET /_dev/clock': { as: 'public' },
  'POST /_dev/clock': { as: 'public', body: { now: '2026-03-02T12:00:00Z' } },
  'DELETE /_dev/clock': { as: 'public' },

  // The patient's booking flow.
  'GET /api/v1/form/:formUrl': { as: 'public', params: { formUrl: '{formUrl}' }, query: { referrer_id: 'ref-1' } },
  'GET /api/v1/clinic': { as: 'public', query: { practice_id: '{practice}' } },
  'GET /api/v1/reason-for-visit': { as: 'public', query: { practice_id: '{practice}', pms_clinic_num: '1' } },
  'GET /api/v1/appointment/slots': {
    as: 'public',
    query: {
      practice_id: '{practice}',
      reason_for_visit_id: '{reason}',
      start_date: '2026-03-02',
      end_date: '2026-03-08',
      pms_prov_num: '1',
      pms_clinic_num: '1',
    },
  },
  'GET /api/v1/patient/check': {
    as: 'public',
    query: { practice_id: '{practice}', first_name: 'Ana', last_name: 'Lopez', dob: '1990-04-12' },
  },
  'POST /api/v1/patient': {
    as: 'public',
    body: {
      practice_id: '{practice}',
      first_name: 'Ana',
      last_name: 'Lopez',
      email: 'ana.patient@example.com',
      dob: '1990-04-12',
      wireless_phone: '+15125550123',
    },
  },
  'POST /api/v1/verify/send-otp': {
    as: 'public',
    body: { recipient: 'ana.otp@example.com', verification_type: 'email', practice_id: '{practice}' },
  },
  'POST /api/v1/verify/verify-otp': {
    as: 'public',
    body: { recipient: 'ana.otp@example.com', verification_type: 'email', practice_id: '{practice}', otp: '123456' },
  },
  'POST /api/v1/appointment': { as: 'bot', body: BOOKING },
  'POST /api/v1/stripe/create-session': { as: 'bot', body: { ...BOOKING, replaces_session_id: undefined } },
  'GET /api/v1/stripe/check-payment-status': {
    as: 'public',
    query: { session_id: 'cs_test_missing', practice_id: '{practice}' },
  },
  'POST /api/v1/stripe/retry-session': {
    as: 'public',
    body: { session_id: 'cs_test_missing', practice_id: '{practice}' },
  },
  'POST /api/v1/stripe/webhook': { as: 'public', body: { id: 'evt_1', type: 'checkout.session.completed' } },

  // The patient's manage link.
  'GET /api/v1/appointment/manage/:token': { as: 'public', params: { token: '{token}' } },
  'GET /api/v1/appointment/manage/:token/calendar.ics': { as: 'public', params: { token: '{token}' } },
  'GET /api/v1/appointment/manage/:token/slots': {
    as: 'public',
    params: { token: '{token}' },
    query: { start_date: '2026-03-02', end_date: '2026-03-08', pms_prov_num: '1' },
  },
  'POST /api/v1/appointment/manage/:token/reschedule': { as: 'public', params: { token: '{token}' }, body: MOVE },
  'POST /api/v1/appointment/manage/:token/cancel': {
    as: 'public',
    params: { token: '{cancelToken}' },
    body: { reason: 'schedule_conflict' },
  },
  'POST /api/v1/appointment/manage/:token/confirm': { as: 'public', params: { token: '{token}' } },
  'POST /api/v1/appointment/manage/:token/checkout': { as: 'public', params: { token: '{token}' } },

  // Reminders, reviews and texts.
  'GET /api/v1/unsubscribe/:token': { as: 'public', params: { token: 'missing-token' } },
  'POST /api/v1/unsubscribe/:token': { as: 'public', params: { token: 'missing-token' } },
  'GET /api/v1/review/verify-request-link/:token': { as: 'public', params: { token: 'missing-token' } },
  'GET /api/v1/review/request/:requestId/practice': { as: 'public', params: { requestId: '{missing}' } },
  'GET /api/v1/review/track/:requestId': { as: 'public', params: { requestId: '{missing}' } },
  'POST /api/v1/review/feedback': {
    as: 'public',
    body: { request_id: '{missing}', feedback_category: 'other', feedback_description: 'waited too long' },
  },
  'POST /api/v1/sms/inbound': {
    as: 'public',
    isForm: true,
    body: { From: '+15125550123', To: '+15125550100', Body: 'STOP', MessageSid: SID, MessagingServiceSid: undefined },
  },
  'POST /api/v1/sms/status': {
    as: 'public',
    isForm: true,
    body: { MessageSid: SID, MessageStatus: 'delivered', ErrorCode: '30003' },
  },

  // The operator's API.
  'POST /api/v1/admin/review-requests': { as: 'admin', body: { form_url: '{formUrl}', ...REVIEW_REQUEST } },
  'GET /api/v1/admin/review-requests/:requestId': { as: 'admin', params: { requestId: '{missing}' } },

  // The console's session, accounts and security.
  'POST /api/v1/staff/session': {
    as: 'public',
    body: { email: 'nobody@example.test', password: 'not the password', code: undefined, practice_id: undefined },
  },
  'GET /api/v1/staff/session': { as: 'staff' },
  'DELETE /api/v1/staff/session': { as: 'own-session' },
  'PUT /api/v1/staff/session/practice': { as: 'staff', body: { practice_id: '{practice}' } },
  'POST /api/v1/staff/totp/setup': { as: 'staff' },
  'POST /api/v1/staff/totp/enable': { as: 'staff', body: { code: '123456' } },
  'GET /api/v1/staff/password-links/:token': { as: 'public', params: { token: 'missing-token' } },
  'POST /api/v1/staff/password-links/:token': {
    as: 'public',
    params: { token: 'missing-token' },
    body: { password: 'a long enough password' },
  },
  'POST /api/v1/staff/password-reset': { as: 'public', body: { email: 'nobody@example.test' } },
  'GET /api/v1/staff/practice/security': { as: 'staff' },
  'PUT /api/v1/staff/practice/security': { as: 'staff', body: { idle_minutes: 30, require_totp: false } },
  'GET /api/v1/staff/members': { as: 'staff' },
  'POST /api/v1/staff/members': { as: 'staff', body: { email: 'fuzz@example.test', name: 'Fuzz', role: 'front_desk' } },
  'PATCH /api/v1/staff/members/:id': { as: 'staff', params: { id: '{member}' }, body: { role: 'front_desk' } },
  'POST /api/v1/staff/members/:id/second-factor-reset': { as: 'staff', params: { id: '{member}' } },
  'GET /api/v1/staff/audit': { as: 'staff', query: { ...RANGE, before: '999999999' } },
  'GET /api/v1/staff/audit/export.csv': { as: 'staff', query: RANGE },

  // The schedule and what staff do to a booking.
  'GET /api/v1/staff/appointments': { as: 'staff', query: { ...RANGE, to: '2026-03-07', clinic: '1' } },
  'GET /api/v1/staff/appointments/:id': { as: 'staff', params: { id: '{booking}' } },
  'POST /api/v1/staff/appointments/:id/confirm': { as: 'staff', params: { id: '{booking}' } },
  'POST /api/v1/staff/appointments/:id/arrived': { as: 'staff', params: { id: '{booking}' } },
  'POST /api/v1/staff/appointments/:id/no-show': { as: 'staff', params: { id: '{booking}' } },
  'POST /api/v1/staff/appointments/:id/undo': { as: 'staff', params: { id: '{booking}' } },
  'POST /api/v1/staff/appointments/:id/resend-confirmation': { as: 'staff', params: { id: '{booking}' } },
  'POST /api/v1/staff/appointments/:id/cancel': {
    as: 'staff',
    params: { id: '{staffCancel}' },
    body: { reason: 'called to cancel', refund: false },
  },
  'POST /api/v1/staff/appointments/:id/reschedule': {
    as: 'staff',
    params: { id: '{staffMove}' },
    body: { ...MOVE, start_time: '14:00', end_time: undefined },
  },
  'GET /api/v1/staff/requests': { as: 'staff' },
  'GET /api/v1/staff/slots': {
    as: 'staff',
    query: { date: '2026-03-05', reason_id: '{reason}', pms_prov_num: '1', clinic: '1', appointment_id: '{booking}' },
  },
  'POST /api/v1/staff/appointments': { as: 'staff', body: PHONED },
  'POST /api/v1/staff/blocks': {
    as: 'staff',
    body: {
      date: '2026-03-11',
      start_time: '15:00',
      end_time: '16:00',
      pms_prov_num: 2,
      pms_op_num: undefined,
      pms_clinic_num: null,
      label: 'Meeting',
    },
  },
  'DELETE /api/v1/staff/blocks/:id': { as: 'staff', params: { id: '{missing}' } },

  // Feedback, review requests, search and export.
  'GET /api/v1/staff/feedback': { as: 'staff', query: { status: 'open' } },
  'GET /api/v1/staff/feedback/:id': { as: 'staff', params: { id: '{missing}' } },
  'POST /api/v1/staff/feedback/:id/handled': {
    as: 'staff',
    params: { id: '{missing}' },
    body: { note: 'Called back' },
  },
  'GET /api/v1/staff/review-requests': { as: 'staff', query: RANGE },
  'POST /api/v1/staff/review-requests': { as: 'staff', body: REVIEW_REQUEST },
  'GET /api/v1/staff/search': { as: 'staff', query: { q: 'Lopez' } },
  'GET /api/v1/staff/appointments/export.csv': { as: 'staff', query: RANGE },
};
