import { beforeEach, describe, expect, it } from 'vitest';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { isOverlapViolation } from './bookings-repository.ts';
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

describe('appointments exclusion constraints', () => {
  it.each([
    [
      'the same provider, same operatory, same time',
      'booked',
      { prov: 1, op: 1, start: '14:00', end: '14:30', status: 'booked' },
    ],
    [
      'the same provider in another operatory, partly overlapping',
      'booked',
      { prov: 1, op: 2, start: '14:15', end: '14:45', status: 'booked' },
    ],
    [
      'the same operatory with another provider',
      'booked',
      { prov: 2, op: 1, start: '13:45', end: '14:15', status: 'booked' },
    ],
    [
      'a payment hold over a booking (same provider)',
      'booked',
      { prov: 1, op: 2, start: '14:00', end: '14:30', status: 'pending_payment' },
    ],
    [
      'a booking over a payment hold (same operatory)',
      'pending_payment',
      { prov: 2, op: 1, start: '14:10', end: '14:20', status: 'booked' },
    ],
    [
      'a hold over a hold',
      'pending_payment',
      { prov: 1, op: 1, start: '13:00', end: '15:00', status: 'pending_payment' },
    ],
  ])('refuses %s with SQLSTATE 23P01', async (_name, firstStatus, second) => {
    await insert({ ...first, status: firstStatus });
    const error = await insertError(second);
    expect(error).not.toBeNull();
    expect((error as { code?: unknown }).code).toBe('23P01');
    expect(isOverlapViolation(error)).toBe(true);
    const rows = await ctx.db.query<{ n: number }>('select count(*)::int as n from appointments');
    expect(rows[0]!.n).toBe(1);
  });

  it.each<[string, string, Row]>([
    [
      'back to back after (same provider and operatory)',
      'booked',
      { prov: 1, op: 1, start: '14:30', end: '15:00', status: 'booked' },
    ],
    [
      'back to back before (same provider and operatory)',
      'booked',
      { prov: 1, op: 1, start: '13:30', end: '14:00', status: 'pending_payment' },
    ],
    [
      'another provider in another operatory at the same time',
      'booked',
      { prov: 2, op: 2, start: '14:00', end: '14:30', status: 'booked' },
    ],
    [
      'a cancelled row at the same time',
      'booked',
      { prov: 1, op: 1, start: '14:00', end: '14:30', status: 'cancelled' },
    ],
    ['an expired hold at the same time', 'booked', { prov: 1, op: 1, start: '14:00', end: '14:30', status: 'expired' }],
    ['a refunded row at the same time', 'booked', { prov: 1, op: 1, start: '14:00', end: '14:30', status: 'refunded' }],
    ['a booking over a cancelled row', 'cancelled', { prov: 1, op: 1, start: '14:00', end: '14:30', status: 'booked' }],
    ['a booking over an expired hold', 'expired', { prov: 1, op: 1, start: '14:00', end: '14:30', status: 'booked' }],
    [
      'the same provider and operatory numbers in another practice',
      'booked',
      { prov: 1, op: 1, start: '14:00', end: '14:30', status: 'booked', practice: 'other' },
    ],
  ])('accepts %s', async (_name, firstStatus, second) => {
    await insert({ ...first, status: firstStatus });
    await insert({ ...second, practice: second.practice === 'other' ? otherPracticeId : practiceId });
    const rows = await ctx.db.query<{ n: number }>('select count(*)::int as n from appointments');
    expect(rows[0]!.n).toBe(2);
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
