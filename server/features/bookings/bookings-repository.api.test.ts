import { beforeEach, describe, expect, it } from 'vitest';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { isOverlapViolation } from '../../db/database.ts';
import { withTestDatabase } from '../../test/test-app.ts';

// The exclusion constraints on their own (migrations 0002, 0003, 0007): whatever the services
// check first, the database is the last word on double booking.
let practiceId: string;
let otherPracticeId: string;

const ctx = withTestDatabase(async (db) => {
  const ids = await importPractices(db, practiceConfig(), practiceConfig({ form_url: 'other-practice' }));
  practiceId = ids['test-practice']!;
  otherPracticeId = ids['other-practice']!;
});
beforeEach(async () => {
  await ctx.db.query('delete from appointments');
});

interface Row {
  practice?: string;
  prov: number;
  op: number;
  start: string;
  end: string;
  status: string;
}

async function insert(row: Row): Promise<void> {
  await ctx.db.query(
    `insert into appointments (practice_id, pms_prov_num, pms_op_num, starts_at, ends_at, status)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      row.practice ?? practiceId,
      row.prov,
      row.op,
      `2026-03-03T${row.start}:00Z`,
      `2026-03-03T${row.end}:00Z`,
      row.status,
    ],
  );
}

async function insertError(row: Row): Promise<unknown> {
  try {
    await insert(row);
    return null;
  } catch (error) {
    return error;
  }
}

const first: Row = { prov: 1, op: 1, start: '14:00', end: '14:30', status: 'booked' };
/** A second row: provider, operatory, "HH:MM-HH:MM" on the test day, status, and "other" for the other practice. */
const at = (prov: number, op: number, times: string, status: string, practice?: 'other'): Row => {
  const [start, end] = times.split('-') as [string, string];
  return { prov, op, start, end, status, practice };
};

// One table, both outcomes: [case, the first row's status, the second row, whether the database refuses it].
const CASES: [string, string, Row, 'refuses' | 'accepts'][] = [
  ['the same provider, same operatory, same time', 'booked', at(1, 1, '14:00-14:30', 'booked'), 'refuses'],
  ['same provider, another operatory, partly overlapping', 'booked', at(1, 2, '14:15-14:45', 'booked'), 'refuses'],
  ['the same operatory with another provider', 'booked', at(2, 1, '13:45-14:15', 'booked'), 'refuses'],
  ['a payment hold over a booking (same provider)', 'booked', at(1, 2, '14:00-14:30', 'pending_payment'), 'refuses'],
  ['a booking over a payment hold (same operatory)', 'pending_payment', at(2, 1, '14:10-14:20', 'booked'), 'refuses'],
  ['a hold over a hold', 'pending_payment', at(1, 1, '13:00-15:00', 'pending_payment'), 'refuses'],
  ['back to back after, same provider and operatory', 'booked', at(1, 1, '14:30-15:00', 'booked'), 'accepts'],
  ['back to back before, same provider and operatory', 'booked', at(1, 1, '13:30-14:00', 'pending_payment'), 'accepts'],
  ['another provider in another operatory at the same time', 'booked', at(2, 2, '14:00-14:30', 'booked'), 'accepts'],
  ['a cancelled row at the same time', 'booked', at(1, 1, '14:00-14:30', 'cancelled'), 'accepts'],
  ['an expired hold at the same time', 'booked', at(1, 1, '14:00-14:30', 'expired'), 'accepts'],
  ['a refunded row at the same time', 'booked', at(1, 1, '14:00-14:30', 'refunded'), 'accepts'],
  ['a booking over a cancelled row', 'cancelled', at(1, 1, '14:00-14:30', 'booked'), 'accepts'],
  ['a booking over an expired hold', 'expired', at(1, 1, '14:00-14:30', 'booked'), 'accepts'],
  ['the same numbers in another practice', 'booked', at(1, 1, '14:00-14:30', 'booked', 'other'), 'accepts'],
];

describe('appointments exclusion constraints', () => {
  it.each(CASES)('%s: the database %s the second row', async (_name, firstStatus, second, outcome) => {
    await insert({ ...first, status: firstStatus });
    const error = await insertError({
      ...second,
      practice: second.practice === 'other' ? otherPracticeId : practiceId,
    });
    if (outcome === 'refuses') {
      expect((error as { code?: unknown } | null)?.code).toBe('23P01');
      expect(isOverlapViolation(error)).toBe(true);
    } else {
      expect(error).toBeNull();
    }
    const rows = await ctx.db.query<{ n: number }>('select count(*)::int as n from appointments');
    expect(rows[0]!.n).toBe(outcome === 'refuses' ? 1 : 2);
  });

  it('refuses a row that becomes active again over a booking (a lapsed hold booked after all)', async () => {
    await insert(first);
    await insert({ ...first, status: 'expired' });
    let error: unknown = null;
    try {
      await ctx.db.query(`update appointments set status = 'booked' where status = 'expired'`);
    } catch (caught) {
      error = caught;
    }
    expect(isOverlapViolation(error)).toBe(true);
  });
});
