import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StaffAppointmentDetailSchema, StaffScheduleSchema, type ScheduleBlock } from '#domain/staff/staff-appointment-schemas.ts';
import { StaffSearchResultSchema } from '#domain/staff/staff-inbox-schemas.ts';
import { bookVisit } from '../reviews/review-test-support.ts';
import { importPractices, practiceConfig, reasonId } from '../../test/practice-factory.ts';
import { addStaff, signIn, type StaffClient } from '../../test/staff-factory.ts';
import { createTestApp, fixedClock } from '../../test/test-app.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

// What the console itself made shows on the schedule (issue 22): a phone booking is marked as
// booked by staff (in the list and in search), and blocked time is shaded with its id and label.
// Monday 2 March 2026, 07:00 in New York.
const clock = fixedClock('2026-03-02T12:00:00Z');
let testDb: TestDatabase;
let app: FastifyInstance;
let practiceId: string;
let examId: string;
let desk: StaffClient;
let deskEmail: string;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const ids = await importPractices(testDb.db, practiceConfig());
  practiceId = ids['test-practice']!;
  examId = await reasonId(testDb.db, practiceId, 'Exam');
  app = await createTestApp(testDb.db, { clock });
  const account = await addStaff(testDb.db, { practiceIds: [practiceId], role: 'front_desk' });
  deskEmail = account.email;
  desk = await signIn(app, account);
});
afterAll(async () => {
  await app?.close();
  await testDb?.destroy();
});

const schedule = async (query: string) => {
  const response = await desk.get(`/api/v1/staff/appointments?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return StaffScheduleSchema.parse(response.json().result);
};

describe('a phone booking', () => {
  it('is booked_by_staff in the schedule and in search, an online one is not, and its history says who booked it', async () => {
    const online = await bookVisit(app, { practiceId, reasonId: examId, apt_date: '2026-03-03', start_time: '09:00:00', end_time: '09:30:00' });
    const response = await desk.post('/api/v1/staff/appointments', {
      reason_id: examId, pms_prov_num: 1, apt_date: '2026-03-03', start_time: '10:00', first_name: 'Rosa', last_name: 'Quintero',
      dob: '1970-05-06', is_new_patient: false, email: 'rosa.quintero@example.com', wireless_phone: '', language: 'en', agreed_to_contact: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const phoned: string = response.json().result.id;

    const byStaff = (appointments: { id: string; booked_by_staff: boolean }[]) => Object.fromEntries(appointments.map((a) => [a.id, a.booked_by_staff]));
    expect(byStaff((await schedule('from=2026-03-03&to=2026-03-03')).appointments)).toEqual({ [online]: false, [phoned]: true });
    const search = await desk.get('/api/v1/staff/search?q=Quintero');
    expect(search.statusCode).toBe(200);
    expect(byStaff(StaffSearchResultSchema.parse(search.json().result).appointments)).toEqual({ [phoned]: true });

    const detail = StaffAppointmentDetailSchema.parse((await desk.get(`/api/v1/staff/appointments/${phoned}`)).json().result);
    expect(detail.booked_by_staff).toBe(true);
    expect(detail.history.map((h) => [h.what, h.by])).toEqual([['Booked by phone', deskEmail]]);
  });
});

describe('blocked time', () => {
  it('shows on the schedule of its day with its id and label, for its clinic, and is gone once removed', async () => {
    const created = await desk.post('/api/v1/staff/blocks', { date: '2026-03-04', start_time: '13:00', end_time: '14:30', pms_prov_num: 1, label: 'Dentist at a course' });
    expect(created.statusCode, created.body).toBe(201);
    const id: string = created.json().result.id;
    const blocked = (blocks: ScheduleBlock[]) => blocks.filter((b) => b.kind === 'blocked');

    expect(blocked((await schedule('from=2026-03-04&to=2026-03-04')).blocks)).toEqual([
      { id, kind: 'blocked', starts_at: '2026-03-04T18:00:00.000Z', ends_at: '2026-03-04T19:30:00.000Z', pms_prov_num: 1, pms_op_num: null, pms_clinic_num: null, label: 'Dentist at a course' },
    ]);
    // A block of no clinic is every clinic's; another day's schedule does not show it.
    expect(blocked((await schedule('from=2026-03-04&to=2026-03-04&clinic=5')).blocks).map((b) => b.id)).toEqual([id]);
    expect(blocked((await schedule('from=2026-03-03&to=2026-03-03')).blocks)).toEqual([]);

    expect((await desk.request({ method: 'DELETE', url: `/api/v1/staff/blocks/${id}` })).statusCode).toBe(200);
    expect(blocked((await schedule('from=2026-03-04&to=2026-03-04')).blocks)).toEqual([]);
  });
});
