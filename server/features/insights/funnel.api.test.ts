import { describe, expect, it } from 'vitest';
import { bookVisit } from '../../test/booking-requests.ts';
import { batchesOf, postEvents, sendVisits, stepsOf, WALK, type ScriptedVisit } from '../../test/funnel-visits.ts';
import { practiceConfig } from '../../test/practice-factory.ts';
import { withPracticesApp, withSignedInStaff } from '../../test/staff-test-app.ts';
import { fixedClock } from '../../test/test-app.ts';
import { sweepFunnelEvents } from './funnel-events-service.ts';

/** The booking funnel (ADR 0080): the booking page's events in, the console's numbers out. */
const clock = fixedClock('2026-03-02T15:00:00Z');
const START = Date.parse('2026-03-02T14:59:00Z');
const ctx = withPracticesApp([practiceConfig(), practiceConfig({ form_url: 'other-practice', name: 'Other' })], {
  clock,
});
const owner = withSignedInStaff(ctx, 'owner');
const desk = withSignedInStaff(ctx, 'front_desk');

const funnelOf = async (query: string) => {
  const answer = await owner.get(`/api/v1/staff/insights/funnel?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().result;
};
const oneBatch = () => batchesOf(ctx.practiceId, { screens: 1 }, START)[0]!;

describe('POST /api/v1/events', () => {
  it('accepts a batch with 204 and keeps its events, without anything that names a person', async () => {
    const batch = { ...oneBatch(), source: 'google', campaign: 'spring' };
    const answer = await postEvents(ctx.app, batch);
    expect(answer.statusCode, answer.body).toBe(204);
    expect(answer.body).toBe('');
    const rows = await ctx.db.query('select type, step, ms from funnel_events where visit_id = $1', [batch.visit_id]);
    expect(rows).toEqual([{ type: 'page_shown', step: 'patient-type', ms: null }]);
  });

  it('stores no personal data: the funnel tables have only these columns', async () => {
    const columns = await ctx.db.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_name in ('funnel_events', 'funnel_visits', 'funnel_daily') order by table_name, column_name`,
    );
    const byTable: Record<string, string[]> = {};
    for (const { table_name, column_name } of columns) (byTable[table_name] ??= []).push(column_name);
    expect(byTable).toEqual({
      funnel_daily: ['campaign', 'day', 'left', 'practice_id', 'reached', 'source', 'step'],
      funnel_events: ['at', 'id', 'ms', 'practice_id', 'received_at', 'step', 'type', 'visit_id'],
      funnel_visits: [
        'booked_seconds',
        'campaign',
        'day',
        'device',
        'first_at',
        'last_seen_at',
        'last_step',
        'practice_id',
        'source',
        'steps',
        'visit_id',
      ],
    });
  });

  it.each([
    ['a field that could name a person', { email: 'ana@example.com' }, 422],
    ['an unknown event type', { events: [{ type: 'clicked', at: START }] }, 422],
    ['no events', { events: [] }, 422],
    ['a visit id that is not random', { visit_id: 'visit-1' }, 422],
    ['a device class of its own', { device: 'iPhone 15' }, 422],
    ['an unknown practice', { practice_id: crypto.randomUUID() }, 404],
  ])('refuses %s', async (_name, change, status) => {
    const answer = await postEvents(ctx.app, { ...oneBatch(), ...change });
    expect(answer.statusCode, answer.body).toBe(status);
    expect(answer.json().success).toBe(false);
  });

  it('keeps a step left open over a day as one day: a tab left open overnight is a real visit', async () => {
    const batch = { ...oneBatch(), events: [{ type: 'step_reached', step: 'reason', at: START, ms: 30 * 3_600_000 }] };
    const answer = await postEvents(ctx.app, batch);
    expect(answer.statusCode, answer.body).toBe(204);
    const rows = await ctx.db.query('select ms from funnel_events where visit_id = $1', [batch.visit_id]);
    expect(rows).toEqual([{ ms: 86_400_000 }]);
  });

  it("refuses a visit's batch for another practice than its first", async () => {
    const batch = oneBatch();
    expect((await postEvents(ctx.app, batch)).statusCode).toBe(204);
    const other = await postEvents(ctx.app, { ...batch, practice_id: ctx.ids['other-practice'] });
    expect(other.statusCode).toBe(400);
  });
});

describe('GET /api/v1/staff/insights/funnel', () => {
  it('is for owners: a front desk gets 403', async () => {
    const answer = await desk.get('/api/v1/staff/insights/funnel?from=2026-03-02&to=2026-03-02');
    expect(answer.statusCode).toBe(403);
  });

  it('counts scripted visits: steps reached and left, bookings, sources and the time to book', async () => {
    const practice = ctx.ids['other-practice']!;
    const visits: ScriptedVisit[] = [
      ...Array.from({ length: 4 }, () => ({ screens: 1, source: 'google', campaign: 'spring' })),
      { screens: 4, goesBack: true, source: 'google', campaign: 'spring' },
      { screens: 5 },
      ...Array.from({ length: 3 }, (_, i) => ({ screens: WALK.length, source: 'mail', secondsPerStep: 10 + i * 10 })),
    ];
    await sendVisits(ctx.app, practice, visits, START);
    const other = await withOtherOwner(practice);
    const answer = await other.get('/api/v1/staff/insights/funnel?from=2026-03-02&to=2026-03-02');
    expect(answer.statusCode, answer.body).toBe(200);
    const funnel = answer.json().result;
    expect(funnel).toMatchObject({
      visits: 9,
      booked: 3,
      conversion: 3 / 9,
      // Six steps of 10, 20 and 30 seconds from page 1 to the booking.
      median_seconds_to_book: 120,
      last_step_before_leaving: 'patient-type',
    });
    // The visit that went back from the slots to the provider left there; the slots count it once.
    expect(funnel.steps).toEqual(
      stepsOf([
        [0, 0],
        [9, 4],
        [5, 0],
        [5, 1],
        [5, 0],
        [4, 1],
        [3, 0],
        [3, 0],
      ]),
    );
    expect(funnel.by_source).toEqual([
      { source: 'google', campaign: 'spring', visits: 5, booked: 0 },
      { source: 'mail', campaign: null, visits: 3, booked: 3 },
      { source: null, campaign: null, visits: 1, booked: 0 },
    ]);
    const filtered = await other.get('/api/v1/staff/insights/funnel?from=2026-03-02&to=2026-03-02&source=mail');
    expect(filtered.json().result).toMatchObject({ visits: 3, booked: 3, conversion: 1 });
    const dayBefore = await other.get('/api/v1/staff/insights/funnel?from=2026-03-01&to=2026-03-01');
    expect(dayBefore.json().result).toMatchObject({
      visits: 0,
      booked: 0,
      conversion: 0,
      median_seconds_to_book: null,
    });
  });

  it('counts the bookings made in the period per reason, provider and weekday', async () => {
    await bookVisit(ctx.app, { practiceId: ctx.practiceId, reasonId: ctx.examId });
    await bookVisit(ctx.app, {
      practiceId: ctx.practiceId,
      reasonId: ctx.examId,
      pms_prov_num: 2,
      pms_op_num: 2,
      email: 'second@example.com',
      wireless_phone: '+15125550199',
    });
    const funnel = await funnelOf('from=2026-03-02&to=2026-03-02');
    expect(funnel.bookings).toEqual({
      by_reason: [{ reason: 'Exam', count: 2 }],
      by_provider: [
        { provider: 'Dr. One', count: 1 },
        { provider: 'Dr. Two', count: 1 },
      ],
      // Both on Tuesday 3 March.
      by_weekday: [{ weekday: 2, count: 2 }],
    });
  });

  it('answers 400 for a period that ends before it starts', async () => {
    const answer = await owner.get('/api/v1/staff/insights/funnel?from=2026-03-02&to=2026-03-01');
    expect(answer.statusCode).toBe(400);
  });
});

describe('the funnel sweep', () => {
  it('deletes events older than 13 months and keeps the daily totals', async () => {
    const batch = oneBatch();
    expect((await postEvents(ctx.app, batch)).statusCode).toBe(204);
    const before = await funnelOf('from=2026-03-02&to=2026-03-02');
    await sweepFunnelEvents(ctx.db, new Date('2027-04-03T15:00:00Z'));
    expect(await ctx.db.query('select 1 from funnel_events where visit_id = $1', [batch.visit_id])).toEqual([]);
    expect(await ctx.db.query('select 1 from funnel_visits where visit_id = $1', [batch.visit_id])).toEqual([]);
    expect((await funnelOf('from=2026-03-02&to=2026-03-02')).visits).toBe(before.visits);
    // Twelve months on, the same sweep keeps them.
    const kept = oneBatch();
    await postEvents(ctx.app, kept);
    await sweepFunnelEvents(ctx.db, new Date('2027-03-01T15:00:00Z'));
    expect(await ctx.db.query('select 1 from funnel_events where visit_id = $1', [kept.visit_id])).toHaveLength(1);
  });
});

async function withOtherOwner(practiceId: string) {
  const { addStaff, signIn } = await import('../../test/staff-factory.ts');
  return signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceId], role: 'owner' }));
}
