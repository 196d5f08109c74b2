import { beforeAll, describe, expect, it } from 'vitest';
import { historyWords } from '#domain/staff/booking-history-words.ts';
import { StaffAppointmentDetailSchema } from '#domain/staff/staff-appointment-schemas.ts';
import { bookExam } from '../../../test/booking-requests.ts';
import { practiceConfig } from '../../../test/practice-factory.ts';
import { addStaff, signIn, type StaffClient } from '../../../test/staff-factory.ts';
import { withPracticesApp } from '../../../test/staff-test-app.ts';
import { fixedClock } from '../../../test/test-app.ts';

// Undoing the front desk's arrived and no-show (ADR 0064) through the lifecycle service, on the day of the
// mark. Booked on Monday 2 March 2026; each visit is Wednesday 4 March in New York, marked during it.
const BOOKED_AT = '2026-03-02T12:00:00Z';
const clock = fixedClock(BOOKED_AT);
let desk: StaffClient;
let account: Awaited<ReturnType<typeof addStaff>>;
/** A session ends 12 hours after sign-in: the front desk signs in on the day it marks. */
async function moveClock(to: string) {
  clock.set(to);
  desk = await signIn(ctx.app, account);
}

const ctx = withPracticesApp([practiceConfig()], { clock });
beforeAll(async () => {
  account = await addStaff(ctx.db, { practiceIds: [ctx.practiceId], role: 'front_desk' });
});

let hour = 9;
/** A visit of its own at the next free hour of Wednesday, and the clock moved into it. */
async function visit(): Promise<string> {
  const start = `${String(hour).padStart(2, '0')}:00:00`;
  clock.set(BOOKED_AT);
  const id = await bookExam(ctx, ctx.practiceId, {
    email: `undo${hour}@example.com`,
    apt_date: '2026-03-04',
    start_time: start,
    end_time: `${String(hour).padStart(2, '0')}:30:00`,
  });
  await moveClock(`2026-03-04T${String(hour + 5).padStart(2, '0')}:10:00Z`);
  hour += hour === 11 ? 2 : 1; // lunch is 12:00 to 13:00
  return id;
}

async function act(id: string, action: string) {
  const response = await desk.post(`/api/v1/staff/appointments/${id}/${action}`, {});
  return { status: response.statusCode, body: response.json() };
}
const detailOf = (body: { result: unknown }) => StaffAppointmentDetailSchema.parse(body.result);

describe('undoing arrived and no-show', () => {
  it('takes an arrival back to booked the same day, says so in the history, and is audited', async () => {
    const id = await visit();
    expect(detailOf((await act(id, 'arrived')).body).actions.undo).toBe(true);
    const undone = await act(id, 'undo');
    expect(undone.status, JSON.stringify(undone.body)).toBe(200);
    const detail = detailOf(undone.body);
    expect(detail.status).toBe('booked');
    expect(detail.actions).toMatchObject({ undo: false, arrived: true });
    expect(detail.history.map((h) => historyWords(h).what)).toEqual([
      'Booked online',
      'Marked arrived',
      'Undone: arrived, back to booked',
    ]);
    const [row] = await ctx.db.query<{ details: Record<string, unknown> }>(
      `select details from staff_audit where action = 'appointment.undo' and target_id = $1`,
      [id],
    );
    expect(row!.details).toEqual({ from: 'arrived', to: 'booked' });
    const [stamps] = await ctx.db.query<{ arrived_at: Date | null }>(
      'select arrived_at from appointments where id = $1',
      [id],
    );
    expect(stamps!.arrived_at).toBeNull();
  });

  it('takes a no-show of a confirmed visit back to confirmed, holding its time again', async () => {
    const id = await visit();
    expect((await act(id, 'confirm')).status).toBe(200);
    expect((await act(id, 'no-show')).status).toBe(200);
    const detail = detailOf((await act(id, 'undo')).body);
    expect(detail.status).toBe('confirmed');
    const [held] = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from appointments where id = $1 and status in ('booked', 'confirmed', 'arrived')`,
      [id],
    );
    expect(held!.n).toBe(1);
  });

  it('takes an arrival that corrected a no-show back to the no-show', async () => {
    const id = await visit();
    await act(id, 'no-show');
    await act(id, 'arrived');
    expect(detailOf((await act(id, 'undo')).body).status).toBe('no_show');
  });

  it('refuses with 409 the next day, and for a booking with no mark, changing nothing', async () => {
    const id = await visit();
    await act(id, 'arrived');
    await moveClock('2026-03-05T14:00:00Z');
    const late = await act(id, 'undo');
    expect([late.status, late.body.code]).toEqual([409, 'CONFLICT']);
    const unmarked = await visit();
    expect((await act(unmarked, 'undo')).status).toBe(409);
    const [row] = await ctx.db.query<{ status: string }>('select status from appointments where id = $1', [id]);
    expect(row!.status).toBe('arrived');
  });
});
