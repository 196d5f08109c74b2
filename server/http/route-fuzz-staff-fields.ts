import type { RouteFields } from './route-fuzz-fields.ts';
import { MOVE } from './route-fuzz-patient-fields.ts';

// What the operator's and the console's routes read, for route-fuzz.api.test.ts (ADR 0041); see route-fuzz-fields.ts.

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

/** The operator's API and the staff console's: `METHOD /path` → what the route reads. */
export const STAFF_ROUTE_FIELDS: Record<string, RouteFields> = {
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
  'POST /api/v1/staff/members': {
    as: 'staff',
    body: { email: 'invite.fuzz@example.test', name: 'Invited', role: 'front_desk' },
  },
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
  'GET /api/v1/staff/texts': { as: 'staff' },
  'GET /api/v1/staff/opendental/status': { as: 'staff' },
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
