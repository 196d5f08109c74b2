import { describe, expect, it } from 'vitest';
import { StaffBlockCreatedSchema, type StaffBlockBodyInput } from '#domain/staff/staff-booking-schemas.ts';
import { bookVisit, getSlots } from '../../../test/booking-requests.ts';
import { practiceConfig } from '../../../test/practice-factory.ts';
import type { StaffClient } from '../../../test/staff-factory.ts';
import { withPracticesApp, withSignedInStaff } from '../../../test/staff-test-app.ts';
import { fixedClock } from '../../../test/test-app.ts';
import { listScheduleBlocks } from './schedule-blocks-repository.ts';

// Blocked time on the built-in schedule (ADR 0038). Monday 2 March 2026, 07:00 in New York; Dr. One
// works in chair 1 and Dr. Two in chair 2, 09:00-17:00 with lunch, 30-minute slots.
const clock = fixedClock('2026-03-02T12:00:00Z');
const ctx = withPracticesApp(
  [
    practiceConfig(),
    practiceConfig({ form_url: 'other-practice', name: 'Other Practice' }),
    practiceConfig({
      form_url: 'on-open-dental',
      name: 'OD Practice',
      pms: { type: 'opendental', customer_key: 'abc' },
    }),
  ],
  { clock },
);
const desk = withSignedInStaff(ctx);
const otherDesk = withSignedInStaff(ctx, 'front_desk', ({ ids }) => [ids['other-practice']!]);
const openDentalOwner = withSignedInStaff(ctx, 'owner', ({ ids }) => [ids['on-open-dental']!]);

/** The day's offered start times as "HH:mm P<prov>", read through the patient's cached slot list. */
async function offered(date: string, provNum = 0): Promise<string[]> {
  const { status, body } = await getSlots(ctx.app, {
    practice_id: ctx.practiceId,
    reason_for_visit_id: ctx.examId,
    start_date: date,
    end_date: date,
    pms_prov_num: provNum,
  });
  expect(status).toBe(200);
  return (body.result as { DateTimeStart: string; ProvNum: number }[]).map(
    (s) => `${s.DateTimeStart.slice(11, 16)} P${s.ProvNum}`,
  );
}

const block = (client: StaffClient, body: StaffBlockBodyInput) => client.post('/api/v1/staff/blocks', body);
const unblock = (client: StaffClient, id: string) =>
  client.request({ method: 'DELETE', url: `/api/v1/staff/blocks/${id}` });
const auditOf = (action: string, targetId: string) =>
  ctx.db.query('select practice_id from staff_audit where action = $1 and target_id = $2', [action, targetId]);

describe('blocked time', () => {
  it('leaves the slot list at once and comes back when removed', async () => {
    const before = await offered('2026-03-03', 1);
    expect(before.slice(0, 3)).toEqual(['09:00 P1', '09:30 P1', '10:00 P1']);
    const response = await block(desk, {
      date: '2026-03-03',
      start_time: '09:00',
      end_time: '10:00',
      pms_prov_num: 1,
      label: 'Staff meeting',
    });
    expect(response.statusCode).toBe(201);
    const created = StaffBlockCreatedSchema.parse(response.json().result);
    expect(created.overlapping_bookings).toBe(0);
    // Still inside the 20-second cache life: the change clears the practice's cache.
    expect((await offered('2026-03-03', 1)).slice(0, 2)).toEqual(['10:00 P1', '10:30 P1']);
    // Earliest available still offers 09:00, with the doctor who is not blocked.
    expect((await offered('2026-03-03')).slice(0, 2)).toEqual(['09:00 P2', '09:30 P2']);
    expect(await auditOf('schedule.block', created.id)).toEqual([{ practice_id: ctx.practiceId }]);
    const [row] = await listScheduleBlocks(ctx.db, ctx.practiceId, '2026-03-03T00:00:00Z', '2026-03-04T00:00:00Z');
    expect(row).toMatchObject({
      id: created.id,
      pms_prov_num: 1,
      pms_op_num: null,
      pms_clinic_num: null,
      label: 'Staff meeting',
    });
    expect(row!.starts_at.toISOString()).toBe('2026-03-03T14:00:00.000Z');
    expect(row!.ends_at.toISOString()).toBe('2026-03-03T15:00:00.000Z');

    const removed = await unblock(desk, created.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().result).toEqual({ id: created.id });
    expect(await offered('2026-03-03', 1)).toEqual(before);
    expect(await auditOf('schedule.unblock', created.id)).toEqual([{ practice_id: ctx.practiceId }]);
    expect((await unblock(desk, created.id)).statusCode).toBe(404);
    // Times closed and opened again are practice-level events, for the waitlist and webhooks (ADR 0069).
    const events = await ctx.db.query<{ type: string; actor: unknown; booking_id: string | null }>(
      `select type, actor, booking_id from booking_events where practice_id = $1 and after->>'block_id' = $2
        order by type`,
      [ctx.practiceId, created.id],
    );
    const actor = { kind: 'staff', email: desk.email };
    expect(events).toEqual([
      { type: 'schedule.block_added', actor, booking_id: null },
      { type: 'schedule.block_removed', actor, booking_id: null },
    ]);
  });

  it('blocks a chair, or the whole practice for the rest of a day', async () => {
    const chair = await block(desk, { date: '2026-03-04', start_time: '13:00', end_time: '24:00', pms_op_num: 2 });
    expect(chair.statusCode).toBe(201);
    expect((await offered('2026-03-04', 2)).filter((s) => s >= '13:00')).toEqual([]);
    expect((await offered('2026-03-04', 1)).filter((s) => s >= '13:00')).toHaveLength(8);
    const everyone = await block(desk, { date: '2026-03-04', start_time: '09:00', end_time: '12:00' });
    expect(everyone.statusCode).toBe(201);
    expect((await offered('2026-03-04')).filter((s) => s < '12:00')).toEqual([]);
  });

  it('is allowed over existing bookings, which stay and are counted; nobody can book the blocked time', async () => {
    const patientId = await bookVisit(ctx.app, {
      practiceId: ctx.practiceId,
      reasonId: ctx.examId,
      apt_date: '2026-03-05',
      start_time: '09:00:00',
      end_time: '09:30:00',
      pms_prov_num: 1,
    });
    const response = await block(desk, { date: '2026-03-05', start_time: '09:00', end_time: '11:00', pms_prov_num: 1 });
    expect(response.json().result.overlapping_bookings).toBe(1);
    const [kept] = await ctx.db.query<{ status: string }>('select status from appointments where id = $1', [patientId]);
    expect(kept?.status).toBe('booked');
    const staff = await desk.post('/api/v1/staff/appointments', {
      reason_id: ctx.examId,
      pms_prov_num: 1,
      apt_date: '2026-03-05',
      start_time: '10:00',
      first_name: 'Rosa',
      last_name: 'Diaz',
      dob: '1970-05-06',
      is_new_patient: false,
      email: 'rosa@example.com',
      agreed_to_contact: true,
    });
    expect(staff.statusCode).toBe(422);
    expect(staff.json().code).toBe('SLOT_UNAVAILABLE');
  });

  it('refuses bad input with 422 naming the field', async () => {
    const both = await block(desk, {
      date: '2026-03-06',
      start_time: '10:00',
      end_time: '09:00',
      pms_prov_num: 1,
      pms_op_num: 1,
      label: 'x'.repeat(121),
    });
    expect(both.statusCode).toBe(422);
    expect(Object.keys(both.json().fields)).toEqual(expect.arrayContaining(['end_time', 'pms_op_num', 'label']));
    const unknownChair = await block(desk, {
      date: '2026-03-06',
      start_time: '09:00',
      end_time: '10:00',
      pms_op_num: 99,
    });
    expect(unknownChair.statusCode).toBe(422);
    expect(unknownChair.json().fields).toHaveProperty('pms_op_num');
  });

  it('is for the built-in schedule only: an Open Dental practice blocks time in Open Dental', async () => {
    const response = await block(openDentalOwner, { date: '2026-03-06', start_time: '09:00', end_time: '10:00' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/^Block time in Open Dental/);
  });

  it('needs a session and the CSRF token', async () => {
    const body = { date: '2026-03-06', start_time: '09:00', end_time: '10:00' };
    expect((await ctx.app.inject({ method: 'POST', url: '/api/v1/staff/blocks', payload: body })).statusCode).toBe(401);
    const noToken = await desk.request({
      method: 'POST',
      url: '/api/v1/staff/blocks',
      payload: body,
      headers: { 'x-csrf-token': '' },
    });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().code).toBe('CSRF_FAILED');
    expect(await listScheduleBlocks(ctx.db, ctx.practiceId, '2026-03-06T00:00:00Z', '2026-03-07T00:00:00Z')).toEqual(
      [],
    );
  });

  it("keeps practices apart: another practice's block is not found and stays", async () => {
    const theirs = await block(otherDesk, { date: '2026-03-09', start_time: '09:00', end_time: '10:00' });
    expect(theirs.statusCode).toBe(201);
    const id = theirs.json().result.id as string;
    expect((await unblock(desk, id)).statusCode).toBe(404);
    expect((await unblock(desk, 'not-a-uuid')).statusCode).toBe(404);
    expect(
      await listScheduleBlocks(ctx.db, ctx.ids['other-practice']!, '2026-03-09T00:00:00Z', '2026-03-10T00:00:00Z'),
    ).toHaveLength(1);
    // Their block does not touch this practice's slots.
    expect((await offered('2026-03-09')).slice(0, 1)).toEqual(['09:00 P1']);
  });
});
