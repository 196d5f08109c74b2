/**
 * The route fuzz's starting values (ADR 0041, ADR 0070): what a route's schema cannot give, a value
 * that passes it and reaches the deepest check (a real manage token, a booking that is free to
 * move, a name, consent given). Keyed by field name; a function when routes that share a name need their own
 * record or time. Values in braces (`{practice}`) are the fuzz's records, filled in when it runs.
 * A field with neither a seed nor a value its schema gives (an enum's first, false, a number,
 * null where allowed) is left out of the valid request, and fails the fuzz if it is required.
 */

import { pngOf } from '#domain/practice/image-files.test-data.ts';

type Seed = unknown | ((route: string) => unknown);

/** Where each route that books, moves or blocks a time puts it, so each keeps a time of its own. */
interface When {
  day: string;
  start: string;
  end?: string;
}
const BOOK: When = { day: '2026-03-06', start: '09:00:00', end: '09:30:00' };
const PATIENT_MOVE: When = { day: '2026-03-10', start: '11:00', end: '11:30' };
const STAFF_MOVE: When = { day: '2026-03-10', start: '14:00' };
const PHONED: When = { day: '2026-03-09', start: '10:00' };
const BLOCK: When = { day: '2026-03-11', start: '15:00', end: '16:00' };
function whenOf(route: string): When {
  if (route.includes('/manage/')) return PATIENT_MOVE;
  if (route.includes('/staff/appointments/:id')) return STAFF_MOVE;
  if (route === 'POST /api/v1/staff/appointments') return PHONED;
  return route.includes('/staff/blocks') ? BLOCK : BOOK;
}

/** The booking (or staff member) a console route acts on: the ones that end or move one have their own. */
function idOf(route: string): string {
  if (route.includes('/members/')) return '{member}';
  if (!route.includes('/staff/appointments/:id')) return '{missing}';
  if (route.endsWith('/cancel')) return '{staffCancel}';
  return route.endsWith('/reschedule') ? '{staffMove}' : '{booking}';
}

const isDevReply = (route: string) => route.startsWith('POST /_dev/sms/');

const SEEDS: Record<string, Seed> = {
  // The fuzz's own records.
  practice_id: '{practice}',
  rfv_id: '{reason}',
  reason_id: '{reason}',
  reason_for_visit_id: '{reason}',
  formUrl: '{formUrl}',
  form_url: '{formUrl}',
  token: (route: string) => (route.endsWith('/cancel') ? '{cancelToken}' : '{token}'),
  id: idOf,
  requestId: '{missing}',
  request_id: '{missing}',
  appointment_id: (route: string) => (route.startsWith('GET /api/v1/staff/slots') ? '{booking}' : null),
  outcome: 'pay',
  session_id: 'cs_test_missing',
  // Days and times.
  apt_date: (route: string) => whenOf(route).day,
  date: (route: string) => (route.includes('/blocks') ? BLOCK.day : '2026-03-05'),
  start_time: (route: string) => whenOf(route).start,
  end_time: (route: string) => whenOf(route).end,
  start_date: '2026-03-02',
  end_date: '2026-03-08',
  from: (route: string) => (isDevReply(route) ? '+15125550123' : '2026-03-01'),
  to: (route: string) =>
    isDevReply(route) ? undefined : route.endsWith('/appointments') ? '2026-03-07' : '2026-03-31',
  dob: '1990-04-12',
  // The dev clock's move (the fuzz's own "now": the clock is put back after each).
  now: '2026-03-02T12:00:00Z',
  // People, contacts and codes.
  first_name: 'Ana',
  last_name: 'Lopez',
  patient_first_name: 'Ana',
  patient_last_name: 'Lopez',
  email: 'ana.fuzz@example.com',
  wireless_phone: '+15125550123',
  recipient: 'ana.otp@example.com',
  otp: '123456',
  code: '123456',
  password: 'a long enough password',
  name: 'Invited',
  // Settings (ADR 0079): an empty practice reaches the practice file's own checks (422), and saves nothing the
  // fuzz's other routes would notice.
  practice: {},
  // Uploaded images (ADR 0084): a 2×2 PNG to store, and the address of one that does not exist.
  data: pngOf(2, 2).toString('base64'),
  practiceId: '{practice}',
  file: '{missing}.png',
  // Words.
  q: 'Lopez',
  message: 'First visit',
  note: 'Called back',
  label: 'Meeting',
  reason: 'schedule_conflict',
  referrer_id: 'ref-7',
  feedback_description: 'waited too long',
  hp: '',
  // Consent and the like, where false would stop the request before its deepest check.
  is_patient: true,
  is_concented: true,
  agreed_to_contact: true,
  active: true,
  body: 'YES',
  // Twilio's form.
  From: '+15125550123',
  To: '+15125550100',
  Body: 'STOP',
  MessageSid: 'SM0123456789abcdef0123456789abcdef',
  MessageStatus: 'delivered',
  ErrorCode: '30003',
  // The booking funnel's beacon (ADR 0080): a visit's first screen.
  visit_id: '0f6c3a52-8d1e-4c57-9b0a-6f2e1d3c4b5a',
  events: [{ type: 'page_shown', step: 'patient-type', at: Date.parse('2026-03-02T12:00:00Z') }],
};

/** The seed of `field` on `route` (`METHOD /path`), or undefined when it has none. */
export function seedOf(field: string, route: string): unknown {
  const seed = SEEDS[field];
  return typeof seed === 'function' ? (seed as (route: string) => unknown)(route) : seed;
}
