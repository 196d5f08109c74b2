import { describe, expect, it } from 'vitest';
import { manageApiPath, type ManagedAppointment } from '#domain/booking/manage-schemas.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { deliverDueMessages } from '../../test/message-delivery.ts';
import { getSlots, postBooking } from '../../test/booking-requests.ts';
import { addStaff, signIn } from '../../test/staff-factory.ts';
import { fixedClock } from '../../test/test-app.ts';
import { withPracticeApp } from '../../test/practice-app.ts';

/** ADR 0061: a clinic with its own time zone offers, stores and tells its times on its own clock. */

// Tuesday 3 March 2026, 09:15 in New York and 08:15 in Chicago (both still on standard time).
const clock = fixedClock('2026-03-03T14:15:00Z');

const hours = { weekdays: [1, 2, 3, 4, 5], start: '09:00', end: '17:00', breaks: [] };
const ctx = withPracticeApp({
  clock,
  practices: [
    {
      clinic_set_up: true,
      clinics: [
        { pms_clinic_num: 1, display_name: 'Manhattan' },
        { pms_clinic_num: 2, display_name: 'Chicago Loop', time_zone: 'America/Chicago' },
      ],
      operatories: [
        { pms_op_num: 1, name: 'Chair 1', pms_clinic_num: 1 },
        { pms_op_num: 2, name: 'Chair 2', pms_clinic_num: 2 },
      ],
      schedules: [
        { pms_prov_num: 1, pms_op_num: 1, pms_clinic_num: 1, ...hours },
        { pms_prov_num: 2, pms_op_num: 2, pms_clinic_num: 2, ...hours },
      ],
    },
  ],
});

const firstSlotToday = async (clinicNum: number) => {
  const answer = await getSlots(ctx.app, {
    practice_id: ctx.practiceId,
    reason_for_visit_id: ctx.reasonId('Exam'),
    start_date: '2026-03-03',
    end_date: '2026-03-03',
    pms_clinic_num: clinicNum,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return (answer.body.result as { DateTimeStart: string }[])[0]?.DateTimeStart;
};

const chicagoBooking = (startTime: string, endTime: string) =>
  bookingBody({
    practice_id: ctx.practiceId,
    rfv_id: ctx.reasonId('Exam'),
    pms_clinic_num: 2,
    pms_prov_num: 2,
    pms_op_num: 2,
    apt_date: '2026-03-03',
    start_time: startTime,
    end_time: endTime,
  });

describe('a clinic in its own time zone (ADR 0061)', () => {
  it('lists each clinic with the zone its times are in, the practice zone when it names none', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/v1/clinic?practice_id=${ctx.practiceId}` });
    expect(response.statusCode).toBe(200);
    const zones = (response.json().result as { pms_clinic_num: number; time_zone: string }[]).map((clinic) => [
      clinic.pms_clinic_num,
      clinic.time_zone,
    ]);
    expect(zones).toEqual([
      [1, 'America/New_York'],
      [2, 'America/Chicago'],
    ]);
  });

  it("offers the Chicago clinic's 09:00 at 08:15 Chicago time, when New York's 09:00 is past", async () => {
    expect(await firstSlotToday(1)).toBe('2026-03-03 09:30:00');
    expect(await firstSlotToday(2)).toBe('2026-03-03 09:00:00');
  });

  it('stores a booking at the Chicago clinic at 01:30 PM as 1:30 PM Chicago time and tells it so', async () => {
    await ctx.db.query('delete from outbox_messages');
    const answer = await postBooking(ctx.app, chicagoBooking('13:30:00', '14:00:00'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const [row] = await ctx.db.query<{ starts_at: Date }>('select starts_at from appointments where id = $1', [
      answer.body.result.appointment_id,
    ]);
    expect(row!.starts_at.toISOString()).toBe('2026-03-03T19:30:00.000Z');

    const manage = await ctx.app.inject({
      method: 'GET',
      url: manageApiPath(String(answer.body.result.manage_path).split('/').at(-1)!),
    });
    const managed = manage.json().result as ManagedAppointment;
    expect(managed.start_time).toBe('13:30:00');
    expect(managed.practice.time_zone).toBe('America/Chicago');

    await deliverDueMessages(ctx.db, clock);
    const [mail] = await ctx.db.query<{ text: string; attachments: { content: string }[] }>(
      `select text, attachments from outbox_messages where recipient = 'ana.lopez@example.com' order by seq`,
    );
    expect(mail!.text).toContain('When: Tuesday, March 3, 2026 at 01:30 PM (CST)');
    expect(mail!.attachments[0]!.content).toContain('DTSTART:20260303T193000Z');
  });
});

describe("the console on the booking's clinic clock (ADR 0061)", () => {
  it('shows, lists and exports the Chicago booking at 3:00 PM Chicago time, naming America/Chicago', async () => {
    const answer = await postBooking(ctx.app, chicagoBooking('15:00:00', '15:30:00'));
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const id = String(answer.body.result.appointment_id);
    const owner = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [ctx.practiceId], role: 'owner' }));

    const detail = (await owner.get(`/api/v1/staff/appointments/${id}`)).json().result;
    expect([detail.start_time, detail.time_zone]).toEqual(['15:00:00', 'America/Chicago']);

    const schedule = (await owner.get('/api/v1/staff/appointments?from=2026-03-03&to=2026-03-03&clinic=2')).json()
      .result;
    expect(schedule.time_zone).toBe('America/Chicago');
    const listed = (schedule.appointments as { id: string; start_time: string }[]).find((a) => a.id === id);
    expect(listed?.start_time).toBe('15:00:00');

    const csv = (await owner.get('/api/v1/staff/appointments/export.csv?from=2026-03-03&to=2026-03-03')).body;
    const line = csv.split('\r\n').find((row) => row.startsWith(String(answer.body.result.reference)));
    expect(line).toMatch(/^\w+,2026-03-03,15:00:00,15:30:00,.*,America\/Chicago$/);
  });
});
