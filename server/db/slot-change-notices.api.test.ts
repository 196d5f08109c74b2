import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTestDatabase } from '../test/test-app.ts';
import { isPostgres } from '../test/test-database.ts';
import type { NotificationListener } from './database.ts';
import { listenOnPostgres } from './postgres-listener.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onCommitNotice } from './commit-notices.ts';
import { announceSlotChangesOnCommit, SLOT_CHANGES_CHANNEL } from './slot-change-notices.ts';

const ctx = withTestDatabase();

async function waitFor(condition: () => boolean, what: string, ms = 5_000): Promise<void> {
  for (const start = Date.now(); !condition();) {
    if (Date.now() - start > ms) throw new Error(`Not within ${ms} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** A transaction that announces and then rolls back. */
const announceRolledBack = (ids: string[]) =>
  ctx.db
    .transaction(async (tx) => {
      await announceSlotChangesOnCommit(tx, ids);
      throw new Error('roll back');
    })
    .catch(() => undefined);

/** A listener on the test database that records what it hears. */
function listen() {
  const heard: string[] = [];
  const events: string[] = [];
  const listener: NotificationListener = listenOnPostgres(
    ctx.url!,
    SLOT_CHANGES_CHANNEL,
    {
      onNotification: (payload) => heard.push(payload),
      onListening: () => events.push('listening'),
      onLost: () => events.push('lost'),
    },
    { firstMs: 50, maxMs: 200 },
  );
  return { listener, heard, events };
}

// Each engine runs its own block and reports the other's as skipped.
describe.runIf(isPostgres)('slot-change notices on PostgreSQL', () => {
  let subject: ReturnType<typeof listen>;
  beforeAll(async () => {
    subject = listen();
    await waitFor(() => subject.listener.isListening(), 'listening');
  });
  afterAll(() => subject?.listener.close());

  it('arrive when the transaction commits, once per practice, and never for a rollback', async () => {
    await ctx.db.transaction(async (tx) => {
      await announceSlotChangesOnCommit(tx, ['p1', 'p2', 'p1']);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(subject.heard).toEqual([]);
    });
    await waitFor(() => subject.heard.length === 2, 'two notices');
    await announceRolledBack(['rolled-back']);
    await ctx.db.transaction((tx) => announceSlotChangesOnCommit(tx, ['p3']));
    await waitFor(() => subject.heard.length === 3, 'the third notice');
    expect(subject.heard).toEqual(['p1', 'p2', 'p3']);
  });

  it('listen on a connection of their own that comes back when the server ends it', async () => {
    const ended = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and application_name = $1) as t`,
      [`listen ${SLOT_CHANGES_CHANNEL}`],
    );
    expect(ended[0]!.n).toBe(1);
    await waitFor(() => subject.events.includes('lost'), 'the loss reported');
    await waitFor(() => subject.listener.isListening(), 'listening again');
    expect(subject.events).toEqual(['listening', 'lost', 'listening']);
    await ctx.db.transaction((tx) => announceSlotChangesOnCommit(tx, ['after-reconnect']));
    await waitFor(() => subject.heard.includes('after-reconnect'), 'a notice after reconnecting');
  });

  it('stop for good on close, also while reconnecting', async () => {
    const other = listen();
    await waitFor(() => other.listener.isListening(), 'listening');
    await other.listener.close();
    expect(other.listener.isListening()).toBe(false);
    await ctx.db.transaction((tx) => announceSlotChangesOnCommit(tx, ['after-close']));
    await waitFor(() => subject.heard.includes('after-close'), 'the notice at the open listener');
    expect(other.heard).not.toContain('after-close');
    const [listening] = await ctx.db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1`,
      [`listen ${SLOT_CHANGES_CHANNEL}`],
    );
    expect(listening!.n).toBe(1);
  });

  it('ride on the COMMIT (ADR 0087): no statement of their own, a payload with quotes arrives whole', async () => {
    const statements: string[] = [];
    const payload = "o'brien \\ dental";
    await ctx.db.transaction(async (tx) => {
      const query = tx.query.bind(tx);
      tx.query = ((sql: string, params?: unknown[]) => {
        statements.push(sql);
        return query(sql, params);
      }) as typeof tx.query;
      await announceSlotChangesOnCommit(tx, [payload]);
    });
    await waitFor(() => subject.heard.includes(payload), 'the quoted notice');
    expect(statements).toEqual([]);
  });
});

describe('slot-change notices in this process (ADR 0069)', () => {
  it('reach its listeners once per practice right after the commit, and never for a rollback', async () => {
    const heard: string[] = [];
    const stop = onCommitNotice(ctx.db, SLOT_CHANGES_CHANNEL, (practiceId) => heard.push(practiceId));
    await ctx.db.transaction(async (tx) => {
      await announceSlotChangesOnCommit(tx, ['p1', 'p2', 'p1']);
      await announceSlotChangesOnCommit(tx, ['p1']);
      expect(heard).toEqual([]);
    });
    expect(heard).toEqual(['p1', 'p2']);
    await announceRolledBack(['rolled-back']);
    stop();
    await ctx.db.transaction((tx) => announceSlotChangesOnCommit(tx, ['after-stop']));
    expect(heard).toEqual(['p1', 'p2']);
  });

  it('are sent from one place, the event writer, and no writer clears a cache by hand', () => {
    const features = fileURLToPath(new URL('../features/', import.meta.url));
    const sources = readdirSync(features, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.test.ts'),
    );
    const calling = (pattern: RegExp) =>
      sources.filter((f) => pattern.test(readFileSync(join(features, f), 'utf8'))).sort();
    expect(calling(/announceSlotChanges\w*\(/)).toEqual(['bookings/booking-lifecycle-steps.ts']);
    // The slot cache's own listener is the one caller left: it hears the notices.
    expect(calling(/\.invalidatePractice\(/)).toEqual([
      'availability/availability-service.ts',
      'availability/slot-change-listener.ts',
    ]);
  });
});
