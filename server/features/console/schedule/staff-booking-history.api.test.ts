import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { historyWords } from '#domain/staff/booking-history-words.ts';
import { StaffAppointmentDetailSchema } from '#domain/staff/staff-appointment-schemas.ts';
import { bookExam } from '../../../test/booking-requests.ts';
import { practiceConfig } from '../../../test/practice-factory.ts';
import { addStaff, signIn, type StaffClient } from '../../../test/staff-factory.ts';
import { withPracticesApp } from '../../../test/staff-test-app.ts';
import { fixedClock } from '../../../test/test-app.ts';

// The console's history is the booking's events (ADR 0069): type, time, actor and detail, in order. Booked on
// Monday 2 March 2026 for Wednesday 4 March in New York.
const clock = fixedClock('2026-03-02T12:00:00Z');
const ctx = withPracticesApp([practiceConfig()], { clock });
let desk: StaffClient;
let account: Awaited<ReturnType<typeof addStaff>>;
beforeAll(async () => {
  account = await addStaff(ctx.db, { practiceIds: [ctx.practiceId], role: 'front_desk' });
  desk = await signIn(ctx.app, account);
});

const path = (id: string, action?: string) => `/api/v1/staff/appointments/${id}${action ? `/${action}` : ''}`;
async function detailOf(response: { statusCode: number; json(): { result: unknown } }) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
  return StaffAppointmentDetailSchema.parse(response.json().result);
}
const book = (email: string, start: string) =>
  bookExam(ctx, ctx.practiceId, {
    email,
    apt_date: '2026-03-04',
    start_time: `${start}:00`,
    end_time: `${start.slice(0, 3)}30:00`,
  });

describe('the booking history', () => {
  it('lists booked, confirmed, moved and cancelled in order, with who and what each said', async () => {
    const id = await book('history@example.com', '09:00');
    await detailOf(await desk.post(path(id, 'confirm')));
    const move = { apt_date: '2026-03-04', start_time: '14:00', pms_prov_num: 1 };
    await detailOf(await desk.post(path(id, 'reschedule'), move));
    await detailOf(await desk.post(path(id, 'cancel'), { reason: 'Dentist is ill' }));
    const { history } = await detailOf(await desk.get(path(id)));
    const staff = { kind: 'staff', email: account.email };
    expect(history).toEqual([
      { type: 'booking.created', at: expect.any(String), actor: { kind: 'patient' } },
      { type: 'booking.confirmed', at: expect.any(String), actor: staff },
      {
        type: 'booking.rescheduled',
        at: expect.any(String),
        actor: staff,
        detail: { from: '2026-03-04 09:00', to: '2026-03-04 14:00', provider_name: 'Dr. One' },
      },
      { type: 'booking.cancelled', at: expect.any(String), actor: staff, detail: { reason: 'Dentist is ill' } },
    ]);
    expect(history.map((entry) => historyWords(entry).what)).toEqual([
      'Booked online',
      'Confirmed',
      'Moved from 2026-03-04 09:00 to 2026-03-04 14:00',
      'Cancelled: Dentist is ill',
    ]);
  });

  it('tells a booking made before events were kept from its stamps and the staff audit (migration 0035)', async () => {
    const id = await book('before-events@example.com', '10:00');
    await detailOf(await desk.post(path(id, 'confirm')));
    await detailOf(await desk.post(path(id, 'cancel'), { reason: 'Moved away' }));
    // As it was before migration 0032: the stamps and the audit, no events.
    await ctx.db.query('delete from booking_events where booking_id = $1', [id]);
    const migration = new URL('../../../db/migrations/0035_booking_event_details.sql', import.meta.url);
    await ctx.db.exec(readFileSync(migration, 'utf8'));
    await ctx.db.exec(readFileSync(migration, 'utf8')); // a second run adds nothing
    const { history } = await detailOf(await desk.get(path(id)));
    expect(history.map(historyWords)).toEqual([
      { what: 'Booked online', by: 'patient' },
      { what: 'Confirmed', by: account.email },
      { what: 'Cancelled: Moved away', by: account.email },
    ]);
    const sequences = await ctx.db.query<{ sequence: number }>(
      'select sequence from booking_events where booking_id = $1 order by sequence',
      [id],
    );
    expect(sequences.map((row) => row.sequence)).toEqual([-2, -1, 0]);
  });
});
