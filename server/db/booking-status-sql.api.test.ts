import { beforeEach, describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, SLOT_HOLDING_STATUSES, holdsSlot } from '#domain/booking/booking-lifecycle.ts';
import { isOverlapViolation } from './database.ts';
import { importPractices, practiceConfig } from '../test/practice-factory.ts';
import { holdsSlotSql } from './booking-status-sql.ts';
import { withTestDatabase } from '../test/test-app.ts';

// One definition of "this booking holds its time" (ADR 0033): the domain's list, the SQL the
// repositories use, and the predicates the migrations wrote into the database must all agree.
let practiceId: string;

const ctx = withTestDatabase(async (db) => {
  practiceId = (await importPractices(db, practiceConfig()))['test-practice']!;
});
beforeEach(async () => {
  await ctx.db.query('delete from appointments');
});

/** The quoted words of a predicate as the catalog prints it: `status = ANY (ARRAY['booked'::text, …])`. */
const quotedWords = (definition: string) => [...definition.matchAll(/'([a-z_]+)'/g)].map((m) => m[1]).sort();

describe('the slot-holding statuses', () => {
  it('are exactly the exclusion constraints’ predicate, for providers and for operatories', async () => {
    const rows = await ctx.db.query<{ conname: string; definition: string }>(
      `select conname, pg_get_constraintdef(oid) as definition from pg_constraint
        where conrelid = 'appointments'::regclass and contype = 'x' order by conname`,
    );
    expect(rows.map((r) => r.conname)).toEqual([
      'appointments_no_operatory_overlap',
      'appointments_no_provider_overlap',
    ]);
    for (const row of rows)
      expect(quotedWords(row.definition.split(/ WHERE /i)[1] ?? ''), row.conname).toEqual(
        [...SLOT_HOLDING_STATUSES].sort(),
      );
  });

  it('are the predicate of the index the slot queries use, and of the repositories’ SQL', async () => {
    const [index] = await ctx.db.query<{ predicate: string }>(
      `select pg_get_expr(indpred, indrelid) as predicate from pg_index where indexrelid =
         'appointments_practice_time_idx'::regclass`,
    );
    expect(quotedWords(index!.predicate)).toEqual([...SLOT_HOLDING_STATUSES].sort());
    expect(quotedWords(holdsSlotSql())).toEqual([...SLOT_HOLDING_STATUSES].sort());
  });

  it('are among the statuses the table accepts, which are the domain’s', async () => {
    const [check] = await ctx.db.query<{ definition: string }>(
      `select pg_get_constraintdef(oid) as definition from pg_constraint where conname = 'appointments_status_check'`,
    );
    expect(quotedWords(check!.definition)).toEqual([...BOOKING_STATUSES].sort());
  });

  const insert = (status: string, prov: number, op: number) =>
    ctx.db.query(
      `insert into appointments (practice_id, pms_prov_num, pms_op_num, starts_at, ends_at, status)
       values ($1, $2, $3, '2026-03-03T14:00:00Z', '2026-03-03T14:30:00Z', $4)`,
      [practiceId, prov, op, status],
    );

  it.each(BOOKING_STATUSES.filter((status) => status !== 'requested'))(
    '%s: a booking over it is refused exactly when it holds its time',
    async (status) => {
      await insert(status, 1, 1);
      const error = await insert('booked', 1, 2).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isOverlapViolation(error)).toBe(holdsSlot(status));
    },
  );
});
