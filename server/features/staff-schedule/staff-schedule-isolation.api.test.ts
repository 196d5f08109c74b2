import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingBody } from '../../test/booking-factory.ts';
import { solveBotChallenge } from '../../test/bot-challenge.ts';
import { importPractices, practiceConfig, reasonId } from '../../test/practice-factory.ts';
import { addStaff, signIn, type StaffClient } from '../../test/staff-factory.ts';
import { createTestApp, fixedClock } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

// Tenant isolation (issue 22): staff of practice A who ask for practice B's bookings, on every
// schedule endpoint, get the same 404 as for a missing id, and nothing of B changes.
const clock = fixedClock('2026-03-02T12:00:00Z');
let testDb: TestDatabase;
let app: FastifyInstance;
let practiceA: string;
let practiceB: string;
let reasonA: string;
let reasonB: string;
let bookingB: string;
let deskA: StaffClient;
let deskB: StaffClient;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const ids = await importPractices(testDb.db, practiceConfig({ form_url: 'practice-a', name: 'Practice A' }), practiceConfig({ form_url: 'practice-b', name: 'Practice B' }));
  practiceA = ids['practice-a']!;
  practiceB = ids['practice-b']!;
  reasonA = await reasonId(testDb.db, practiceA, 'Exam');
  reasonB = await reasonId(testDb.db, practiceB, 'Exam');
  app = await createTestApp(testDb.db, { clock });
  const response = await app.inject({
    method: 'POST', url: '/api/v1/appointment',
    payload: bookingBody({ practice_id: practiceB, rfv_id: reasonB, apt_date: '2026-03-04', start_time: '09:00:00', end_time: '09:30:00', email: 'b-patient@example.com' }),
    headers: { 'x-bot-challenge': await solveBotChallenge(app) },
  });
  expect(response.statusCode, response.body).toBe(201);
  bookingB = response.json().result.appointment_id;
  // An owner of A (every permission) is the strongest test; the front desk of B shows the booking exists.
  deskA = await signIn(app, await addStaff(testDb.db, { practiceIds: [practiceA], role: 'owner' }));
  deskB = await signIn(app, await addStaff(testDb.db, { practiceIds: [practiceB], role: 'front_desk' }));
});
afterAll(async () => {
  await app?.close();
  await testDb?.destroy();
});

const snapshot = async () => ({
  booking: (await testDb.db.query('select status, starts_at, pms_prov_num, reschedule_count, cancel_reason, confirmed_at, payment_status from appointments where id = $1', [bookingB]))[0],
  jobs: (await testDb.db.query<{ n: number }>('select count(*)::int as n from jobs'))[0]!.n,
  links: (await testDb.db.query<{ n: number }>('select count(*)::int as n from booking_links where appointment_id = $1', [bookingB]))[0]!.n,
  audit: (await testDb.db.query<{ n: number }>('select count(*)::int as n from staff_audit where target_id = $1', [bookingB]))[0]!.n,
});

describe('another practice’s booking', () => {
  it('is a 404 on every endpoint, exactly like a missing one, and nothing changes', async () => {
    const before = await snapshot();
    const missing = crypto.randomUUID();
    const calls: [string, (id: string) => ReturnType<StaffClient['get']>][] = [
      ['detail', (id) => deskA.get(`/api/v1/staff/appointments/${id}`)],
      ['confirm', (id) => deskA.post(`/api/v1/staff/appointments/${id}/confirm`)],
      ['arrived', (id) => deskA.post(`/api/v1/staff/appointments/${id}/arrived`)],
      ['no-show', (id) => deskA.post(`/api/v1/staff/appointments/${id}/no-show`)],
      ['cancel', (id) => deskA.post(`/api/v1/staff/appointments/${id}/cancel`, { reason: 'Crossing practices', refund: true })],
      ['reschedule', (id) => deskA.post(`/api/v1/staff/appointments/${id}/reschedule`, { apt_date: '2026-03-05', start_time: '10:00:00', pms_prov_num: 1 })],
      ['resend-confirmation', (id) => deskA.post(`/api/v1/staff/appointments/${id}/resend-confirmation`)],
      ['slots for a move', (id) => deskA.get(`/api/v1/staff/slots?date=2026-03-05&reason_id=${reasonA}&appointment_id=${id}`)],
    ];
    for (const [name, call] of calls) {
      const crossing = await call(bookingB);
      const unknown = await call(missing);
      expect(crossing.statusCode, name).toBe(404);
      expect(crossing.json(), name).toEqual(unknown.json());
    }
    // B's reason is B's: free times of it are not A's to see.
    expect((await deskA.get(`/api/v1/staff/slots?date=2026-03-05&reason_id=${reasonB}`)).statusCode).toBe(404);
    // A's schedule holds none of B's bookings.
    const scheduleA = (await deskA.get('/api/v1/staff/appointments?from=2026-03-02&to=2026-03-08')).json().result;
    expect(scheduleA.appointments).toEqual([]);

    expect(await snapshot()).toEqual(before);
    // The booking is there for B's own staff.
    expect((await deskB.get(`/api/v1/staff/appointments/${bookingB}`)).statusCode).toBe(200);
    const scheduleB = (await deskB.get('/api/v1/staff/appointments?from=2026-03-02&to=2026-03-08')).json().result;
    expect(scheduleB.appointments.map((a: { id: string }) => a.id)).toEqual([bookingB]);
  });
});
