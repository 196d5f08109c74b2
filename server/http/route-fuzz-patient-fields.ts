import type { RouteFields } from './route-fuzz-fields.ts';

// What the patient-facing routes read, for route-fuzz.api.test.ts (ADR 0041); see route-fuzz-fields.ts.

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

export const MOVE = { apt_date: '2026-03-10', start_time: '11:00', end_time: '11:30', pms_prov_num: 1, pms_op_num: 1 };
const SID = 'SM0123456789abcdef0123456789abcdef';

/** The site, the development tools and the patient's API: `METHOD /path` → what the route reads. */
export const PATIENT_ROUTE_FIELDS: Record<string, RouteFields> = {
  // The site and development tools.
  'GET /index.html': { as: 'public' },
  'GET /assets/app-test.js': { as: 'public' },
  'GET /api/v1/health': { as: 'public' },
  'GET /api/v1/about': { as: 'public' },
  'GET /api/v1/openapi.json': { as: 'public' },
  'GET /api/v1/openapi-staff.json': { as: 'public' },
  'GET /api/v1/docs': { as: 'public' },
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
};
