import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Queryable } from '../../db/database.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { postBooking } from '../../test/booking-requests.ts';
import { fixedClock } from '../../test/test-app.ts';
import { withPracticeApp } from '../../test/practice-app.ts';

/**
 * ADR 0078: every statement of the booking transaction is a round trip while the chair's locks are
 * held, so their number is a budget. The notice to the other processes rides on the COMMIT (ADR 0087).
 */
// 16 and 17 until the patient's messages became event subscribers (ADR 0069): 12 and 13 since, 12 on both engines
// since PostgreSQL's notice went with the COMMIT.
const TRANSACTION_STATEMENTS = 12;

const ctx = withPracticeApp({ clock: fixedClock('2026-03-02T12:00:00Z'), runSubscribers: false });

/** The statements of each transaction the app runs from now on, in order. */
function recordTransactions(): string[][] {
  const transactions: string[][] = [];
  const run = ctx.db.transaction.bind(ctx.db);
  vi.spyOn(ctx.db, 'transaction').mockImplementation(((work: (tx: Queryable) => Promise<unknown>) =>
    run((tx) => {
      const statements: string[] = [];
      transactions.push(statements);
      // The transaction itself, its query recorded: its commit notices are keyed on it (commit-notices.ts).
      const query = tx.query.bind(tx);
      tx.query = ((sql: string, params?: unknown[]) => {
        statements.push(sql.replace(/\s+/g, ' ').trim());
        return query(sql, params);
      }) as typeof tx.query;
      return work(tx);
    })) as typeof ctx.db.transaction);
  return transactions;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the booking transaction', () => {
  it(`books in at most ${TRANSACTION_STATEMENTS} statements, its locks in one, its consent rows in one`, async () => {
    const transactions = recordTransactions();
    const { status } = await postBooking(
      ctx.app,
      bookingBody({ practice_id: ctx.practiceId, rfv_id: ctx.reasonId('Exam') }),
      { 'idempotency-key': 'round-trips-1' },
    );
    expect(status).toBe(201);
    const booking = transactions.find((t) => t.some((sql) => sql.startsWith('insert into appointments')));
    expect(booking).toBeDefined();
    const count = (pattern: RegExp) => booking!.filter((sql) => pattern.test(sql)).length;
    expect(count(/pg_advisory_xact_lock/)).toBe(1);
    expect(count(/^insert into contact_consents/)).toBe(1);
    expect(count(/^insert into jobs/)).toBeLessThanOrEqual(2);
    expect(booking!.length).toBeLessThanOrEqual(TRANSACTION_STATEMENTS);
    // The notice to other processes (ADR 0069) is no statement of the transaction's own: it goes with the COMMIT.
    expect(count(/pg_notify/)).toBe(0);
    // Still everything a booking writes: both channels' consent and the created event (ADR 0069).
    const [written] = await ctx.db.query<{ consents: number; events: number }>(
      `select (select count(*)::int from contact_consents c where c.appointment_id = a.id) as consents,
              (select count(*)::int from booking_events e where e.booking_id = a.id) as events
         from appointments a where a.email = 'ana.lopez@example.com'`,
    );
    expect(written).toEqual({ consents: 2, events: 1 });
  });
});
