import { describe, expect, it } from 'vitest';
import { getSlots, postBooking } from '../../test/booking-requests.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { practiceConfig, reasonId } from '../../test/practice-factory.ts';
import { withPracticesApp, withSignedInStaff } from '../../test/staff-test-app.ts';
import { fixedClock } from '../../test/test-app.ts';

// A practice's own booking horizon (ADR 0079): months after the current one, 1 to 11. Monday 2 March
// 2026, 12:00 in New York: at 2 months the last bookable day is Sunday 31 May, at 1 month Thursday 30 April.
const clock = fixedClock('2026-03-02T17:00:00Z');
const ctx = withPracticesApp(
  [practiceConfig(), practiceConfig({ form_url: 'two-months', booking_horizon_months: 2 })],
  {
    clock,
  },
);
const owner = withSignedInStaff(ctx, 'owner');
const SETTINGS = '/api/v1/staff/settings';

async function slotDates(formUrl: string, start: string, end: string): Promise<string[]> {
  const practiceId = ctx.ids[formUrl]!;
  const { status, body } = await getSlots(ctx.app, {
    practice_id: practiceId,
    reason_for_visit_id: await reasonId(ctx.db, practiceId, 'Exam'),
    start_date: start,
    end_date: end,
    pms_prov_num: 0,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return [...new Set((body.result as { DateTimeStart: string }[]).map((s) => s.DateTimeStart.slice(0, 10)))];
}

async function book(formUrl: string, date: string) {
  const practiceId = ctx.ids[formUrl]!;
  const rfv = await reasonId(ctx.db, practiceId, 'Exam');
  return postBooking(ctx.app, {
    ...bookingBody({ practice_id: practiceId, rfv_id: rfv }),
    apt_date: date,
    start_time: '10:00:00',
    end_time: '10:30:00',
  });
}

describe('a practice that books 2 months ahead', () => {
  it('offers slots up to 31 May and none after', async () => {
    expect(await slotDates('two-months', '2026-05-29', '2026-06-30')).toEqual(['2026-05-29']);
    // The practice at the default 11 months still offers June.
    expect(await slotDates('test-practice', '2026-06-01', '2026-06-01')).toEqual(['2026-06-01']);
  });

  it('refuses a booking on 1 June with 422 SLOT_UNAVAILABLE', async () => {
    const { status, body } = await book('two-months', '2026-06-01');
    expect(status).toBe(422);
    expect(body).toMatchObject({ success: false, code: 'SLOT_UNAVAILABLE' });
  });
});

describe('the booking horizon in the console’s settings', () => {
  it('is in the settings document, refuses 12 with 422 at its path, and saves 1', async () => {
    const { version, practice } = (await owner.get(SETTINGS)).json().result;
    expect(practice.booking_horizon_months).toBe(11);
    const save = (months: number) =>
      owner.request({
        method: 'PUT',
        url: SETTINGS,
        payload: { version, practice: { ...practice, booking_horizon_months: months } },
      });

    const refused = await save(12);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().fields).toEqual({ booking_horizon_months: 'must be a whole number of months from 1 to 11' });

    expect(await slotDates('test-practice', '2026-05-04', '2026-05-04')).toEqual(['2026-05-04']);
    expect((await save(1)).statusCode).toBe(200);
    expect((await owner.get(SETTINGS)).json().result.practice.booking_horizon_months).toBe(1);
    expect(await slotDates('test-practice', '2026-04-30', '2026-05-04')).toEqual(['2026-04-30']);
  });
});
