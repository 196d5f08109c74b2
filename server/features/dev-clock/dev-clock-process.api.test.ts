import { describe, expect, it } from 'vitest';
import { addDays } from '#domain/time/local-date.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { withProcessDatabase } from '../../test/process-database.ts';
import { bookFirstOpenSlot, waitForOutbox } from '../../test/server-process.ts';

/**
 * main.ts hands the app's one clock to the job worker and the review sweep: a request that moves
 * the clock past a visit makes the sweep (a job due only at the moved time) send its review request.
 */
const PRACTICE = practiceConfig({ review_request_delay_hours: 2, google_review_url: 'https://example.com/review' });
// The server process owns the embedded database once it runs: the fixture fills it first.
const database = withProcessDatabase(async (db) => {
  await importPractices(db, PRACTICE);
});

const json = async (url: string, init?: RequestInit) => (await fetch(url, init)).json();

describe('a server process with DEV_TOOLS', () => {
  // A real server start takes 5 to 15 s on a busy two-core machine.
  it('runs its jobs on the moved clock', { timeout: 90_000 }, async () => {
    const { base } = await database.startServer();
    const form = (await json(`${base}/api/v1/form/test-practice`)).result;
    const [reason] = (await json(`${base}/api/v1/reason-for-visit?practice_id=${form.id}`)).result;
    const email = `clock-${Date.now()}@example.com`;
    const { response: booked, slot } = await bookFirstOpenSlot(base, {
      practiceId: form.id,
      reasonId: reason.id,
      days: [1, 10],
      patient: { first_name: 'Clock', last_name: 'Test', email },
    });
    expect(booked.status).toBe(201);

    // Noon UTC the day after the visit: past its end plus two hours, within the sweep's week.
    const moved = await json(`${base}/_dev/clock`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: `${addDays(slot.DateTimeStart.slice(0, 10), 1)}T12:00:00Z` }),
    });
    expect(moved.result.is_moved).toBe(true);
    const reviews = await waitForOutbox(
      base,
      (message) => message.to === email && message.subject === 'How was your visit to Test Practice?',
    );
    expect(reviews).toHaveLength(1);
    expect((await json(`${base}/_dev/clock`, { method: 'DELETE' })).result.is_moved).toBe(false);
  });
});
