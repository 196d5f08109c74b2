import { beforeAll, describe, expect, it } from 'vitest';
import { StaffAppointmentDetailSchema } from '#domain/staff/staff-appointment-schemas.ts';
import { StaffSearchResultSchema } from '#domain/staff/staff-inbox-schemas.ts';
import { bookExam } from '../../../test/booking-requests.ts';
import { practiceConfig } from '../../../test/practice-factory.ts';
import { withPracticesApp, withSignedInStaff } from '../../../test/staff-test-app.ts';
import { fixedClock } from '../../../test/test-app.ts';

// Choosing an existing patient at the front desk (ADR 0063): a birth date finds them in either way it is
// written, and a booking's details list the same patient's other bookings. Practice B's patient shares
// the name and birth date and must stay out of both.
const clock = fixedClock('2026-03-02T12:00:00Z');
const booked: Record<string, string> = {};
const ctx = withPracticesApp(
  [practiceConfig(), practiceConfig({ form_url: 'other-practice', name: 'Other Practice' })],
  { clock },
);
const desk = withSignedInStaff(ctx);

const marta = { first_name: 'Marta', last_name: 'Ruiz', dob: '1979-11-05', email: 'marta@example.com' };
async function book(name: string, formUrl: string, day: string, overrides: Record<string, unknown> = marta) {
  booked[name] = await bookExam(ctx, ctx.ids[formUrl]!, {
    apt_date: day,
    start_time: '09:00:00',
    end_time: '09:30:00',
    ...overrides,
  });
}

beforeAll(async () => {
  await book('first', 'test-practice', '2026-03-03');
  await book('second', 'test-practice', '2026-03-10');
  await book('third', 'test-practice', '2026-03-05');
  await book('someoneElse', 'test-practice', '2026-03-04', { first_name: 'Otto', last_name: 'Other' });
  await book('elsewhere', 'other-practice', '2026-03-04');
  // The visit already past: the list holds past and future.
  await ctx.db.query(`update appointments set status = 'cancelled', cancelled_at = now() where id = $1`, [
    booked.third,
  ]);
});

async function search(q: string) {
  const response = await desk.get(`/api/v1/staff/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return StaffSearchResultSchema.parse(response.json().result);
}

describe('finding a patient by birth date', () => {
  it.each(['11/05/1979', '1979-11-05', '11/5/1979'])(
    'finds %s, newest visit first, in this practice only',
    async (q) => {
      const result = await search(q);
      expect(result.kind).toBe('dob');
      expect(result.appointments.map((a) => a.id)).toEqual([booked.second, booked.third, booked.first]);
    },
  );

  it('finds nobody for a birth date no patient has', async () => {
    expect((await search('11/06/1979')).appointments).toEqual([]);
  });
});

describe('a booking’s other bookings', () => {
  it('lists the same patient’s other bookings, past and future, newest first, and no one else’s', async () => {
    const response = await desk.get(`/api/v1/staff/appointments/${booked.first}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = StaffAppointmentDetailSchema.parse(response.json().result);
    expect(detail.other_bookings.map((b) => b.id)).toEqual([booked.second, booked.third]);
    expect(detail.other_bookings[1]).toMatchObject({
      status: 'cancelled',
      apt_date: '2026-03-05',
      start_time: '09:00:00',
      reason_name: 'Exam',
    });
  });

  it('is empty for a patient with one booking', async () => {
    const response = await desk.get(`/api/v1/staff/appointments/${booked.someoneElse}`);
    expect(StaffAppointmentDetailSchema.parse(response.json().result).other_bookings).toEqual([]);
  });
});

describe('booking a returning patient with the insurance of their last booking', () => {
  const insurance = {
    insurance: 'Delta Dental',
    subscribers_full_name: 'Marta Ruiz',
    subscribers_dob: '1979-11-05',
    subscriber_id: 'DD-555',
    group_number: 'G-77',
  };
  const phoned = async (extra: Record<string, unknown>) =>
    desk.post('/api/v1/staff/appointments', {
      reason_id: ctx.examId,
      pms_prov_num: 0,
      apt_date: '2026-03-12',
      start_time: '11:00',
      ...marta,
      is_new_patient: false,
      agreed_to_contact: true,
      ...extra,
    });

  it('keeps the insurance sent with the booking', async () => {
    const response = await phoned({ insurance });
    expect(response.statusCode, response.body).toBe(201);
    const detail = await desk.get(`/api/v1/staff/appointments/${response.json().result.id}`);
    expect(StaffAppointmentDetailSchema.parse(detail.json().result).insurance).toMatchObject(insurance);
  });

  it('refuses insurance without a subscriber id with a 422 naming the field', async () => {
    const response = await phoned({ insurance: { ...insurance, subscriber_id: '' }, start_time: '12:00' });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().fields)).toContain('insurance.subscriber_id');
  });
});
