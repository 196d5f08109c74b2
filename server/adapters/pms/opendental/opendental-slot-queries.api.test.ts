import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSlots } from '../../../test/booking-requests.ts';
import { providerSchedule } from '../../../test/fake-opendental-server.ts';
import {
  oneChairOffice,
  openDentalConfig,
  openDentalPractice,
  PAGED_OFFICE_DAYS,
  syncMirror,
  withFakeOpenDental,
} from '../../../test/opendental-test-kit.ts';
import { importPractices, practiceConfig, reasonId } from '../../../test/practice-factory.ts';
import { fixedClock, withTestApp } from '../../../test/test-app.ts';

/**
 * ADR 0071: a slot list of an Open Dental practice reads its mirror as a built-in practice's list reads its
 * schedule, so it costs the same number of round trips: the practice and the reason, then one query for all the
 * rows of the range (the mirror's, the offered chairs and providers, our own bookings, the mirror's freshness).
 */
const clock = fixedClock('2026-03-02T12:00:00Z');
const fake = withFakeOpenDental((started) =>
  oneChairOffice(
    started,
    'office-q',
    PAGED_OFFICE_DAYS.map((date) => providerSchedule(date, 1, '08:00', '12:00', [1])),
  ),
);
const ids: Record<string, { practiceId: string; reasonId: string }> = {};
const ctx = withTestApp(() => ({
  clock,
  config: openDentalConfig(fake),
  // The subscribers' jobs would run inside the counted request.
  runSubscribers: false,
  seed: async (db) => {
    const imported = await importPractices(
      db,
      openDentalPractice('office-q', 'office-q'),
      practiceConfig({ form_url: 'builtin-q' }),
    );
    for (const [formUrl, practiceId] of Object.entries(imported))
      ids[formUrl] = { practiceId, reasonId: await reasonId(db, practiceId, 'Exam') };
  },
}));

afterEach(() => {
  vi.restoreAllMocks();
});

/** The statements an uncached slot list of 7 days from `startDate` sends (a range not asked before). */
async function statementsOfSlotList(formUrl: string, startDate: string): Promise<string[]> {
  const statements: string[] = [];
  const query = ctx.db.query.bind(ctx.db);
  vi.spyOn(ctx.db, 'query').mockImplementation(((sql: string, params?: unknown[]) => {
    statements.push(sql.replace(/\s+/g, ' ').trim());
    return query(sql, params);
  }) as typeof ctx.db.query);
  const { practiceId, reasonId: reason } = ids[formUrl]!;
  const answer = await getSlots(ctx.app, {
    practice_id: practiceId,
    reason_for_visit_id: reason,
    start_date: startDate,
    end_date: `2026-03-${String(Number(startDate.slice(8)) + 6).padStart(2, '0')}`,
  });
  expect(answer.status).toBe(200);
  expect((answer.body as { result: unknown[] }).result.length).toBeGreaterThan(0);
  vi.restoreAllMocks();
  return statements;
}

describe('an uncached slot list of an Open Dental practice', () => {
  it('sends as many statements as a built-in practice’s: three', async () => {
    await syncMirror(ctx, ids['office-q']!.practiceId);
    const builtin = await statementsOfSlotList('builtin-q', '2026-03-03');
    const openDental = await statementsOfSlotList('office-q', '2026-03-03');
    expect(builtin).toHaveLength(3);
    // Seven until the mirror's reads were folded into one (ADR 0071).
    expect(openDental).toHaveLength(builtin.length);
    // And again for another range: no first-time cost was counted above.
    expect(await statementsOfSlotList('office-q', '2026-03-10')).toHaveLength(3);
  });
});
