import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, weekdayOf } from '#domain/time/local-date.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { SLOT_CHANGES_CHANNEL } from '../../db/slot-change-notices.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { importPractices, practiceConfig, reasonId } from '../../test/practice-factory.ts';
import { solvedChallengeFrom, startServerProcess, type ServerProcess } from '../../test/server-process.ts';
import { createTestApp, withTestDatabase } from '../../test/test-app.ts';
import { releaseExpiredHolds } from '../../test/booking-requests.ts';
import { addStaff, signIn } from '../../test/staff-factory.ts';

/**
 * "Offered again at once" behind a load balancer (ADR 0033): two server processes on one
 * PostgreSQL database, each with its own 20-second slot cache. What one process (or the importer,
 * a hold sweep or a cancellation elsewhere) commits, the other stops or starts offering within a
 * second. Several processes on one database is a PostgreSQL deployment: the `.postgres` in the
 * file name keeps it out of the PGlite run (vitest.config.ts).
 */
const WITHIN_MS = 1_000;
const practice = (overrides: Record<string, unknown> = {}) =>
  practiceConfig({
    reasons: [
      { name: 'Exam', final_duration: 30 },
      { name: 'Whitening', final_duration: 30, amount: 75, is_payment_enabled: true },
    ],
    ...overrides,
  });

describe('slot lists across two server processes', () => {
  const testDb = withTestDatabase(async (db) => {
    practiceId = (await importPractices(db, practice()))['test-practice']!;
    examId = await reasonId(db, practiceId, 'Exam');
    whiteningId = await reasonId(db, practiceId, 'Whitening');
  });
  let a: ServerProcess;
  let b: ServerProcess;
  // A third process's work (the hold sweep, the staff console's cancellation) runs in this test's own app.
  let c: FastifyInstance;
  let practiceId: string;
  let examId: string;
  let whiteningId: string;

  beforeAll(async () => {
    const env = { DATABASE_URL: testDb.url! };
    [a, b] = await Promise.all([startServerProcess(env), startServerProcess(env)]);
    c = await createTestApp(testDb.db);
    // Healthy is not yet listening: until then each process keeps its lists for a second only.
    for (let start = Date.now(); (await listeningProcesses()) < 2;) {
      if (Date.now() - start > 10_000) throw new Error('the two processes did not start listening for slot changes');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }, 90_000);
  afterAll(async () => {
    await c?.close();
    await Promise.all([a, b].map((server) => server?.kill()));
  });

  /** The factory booking of `reason` on `day` at `times` ("HH:MM-HH:MM"), with its own e-mail if given. */
  function visit(reason: string, day: string, times: string, email?: string) {
    const [start, end] = times.split('-');
    const slot = { apt_date: day, start_time: `${start}:00`, end_time: `${end}:00` };
    return bookingBody({ practice_id: practiceId, rfv_id: reason, ...slot, ...(email ? { email } : {}) });
  }

  async function listeningProcesses(): Promise<number> {
    const [row] = await testDb.db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = $1`,
      [`listen ${SLOT_CHANGES_CHANNEL}`],
    );
    return row!.n;
  }

  /** Provider 1's start times ("HH:MM") that `server` offers on `day`. */
  async function offered(server: ServerProcess, day: string, reason = examId): Promise<string[]> {
    const response = await fetch(
      `${server.base}/api/v1/appointment/slots?practice_id=${practiceId}&reason_for_visit_id=${reason}` +
        `&start_date=${day}&end_date=${day}&pms_prov_num=1`,
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as { result: { DateTimeStart: string }[] }).result.map((r) =>
      r.DateTimeStart.slice(11, 16),
    );
  }

  /** Polls `server` until `isDone` holds for its list; the milliseconds since `since`. */
  async function msUntil(
    server: ServerProcess,
    day: string,
    isDone: (times: string[]) => boolean,
    since: number,
    reason = examId,
  ): Promise<number> {
    while (!isDone(await offered(server, day, reason))) {
      if (performance.now() - since > 5 * WITHIN_MS)
        throw new Error(`process B still offered the old list of ${day} after ${5 * WITHIN_MS} ms`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return Math.round(performance.now() - since);
  }

  async function post(server: ServerProcess, path: string, body: object): Promise<Response> {
    const headers = { 'content-type': 'application/json', 'x-bot-challenge': await solvedChallengeFrom(server.base) };
    return fetch(`${server.base}/api/v1/${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  }

  it('a booking through process A: process B stops offering the slot within a second', async () => {
    const day = weekdayAhead(14);
    expect(await offered(b, day)).toEqual(expect.arrayContaining(['09:00', '16:30']));
    // B answers from its cache: a row written behind every process's back (no notice) stays offered.
    await testDb.db.query(
      `insert into appointments (practice_id, pms_prov_num, pms_op_num, starts_at, ends_at, status)
       values ($1, 1, 1, ($2::date + time '16:30') at time zone 'America/New_York', ($2::date + time '17:00') at time
       zone 'America/New_York', 'booked')`,
      [practiceId, day],
    );
    expect(await offered(b, day)).toContain('16:30');

    const booked = await post(a, 'appointment', visit(examId, day, '09:00-09:30'));
    expect(booked.status).toBe(201);
    const ms = await msUntil(b, day, (times) => !times.includes('09:00'), performance.now());
    console.log(`slot gone in process B ${ms} ms after process A answered the booking`);
    expect(ms).toBeLessThan(WITHIN_MS);
  });

  it('a payment hold via A, released by process C: B stops offering, then offers again, each in 1 s', async () => {
    const day = weekdayAhead(15);
    expect(await offered(b, day, whiteningId)).toContain('10:00');
    const held = await post(a, 'stripe/create-session', {
      ...visit(whiteningId, day, '10:00-10:30', 'hold@example.com'),
      success_url: `${a.base}/test-practice/payment-success`,
      cancel_url: `${a.base}/test-practice/payment-failed`,
    });
    expect(held.status).toBe(201);
    const gone = await msUntil(b, day, (times) => !times.includes('10:00'), performance.now(), whiteningId);

    // The hold runs out; the sweep that lets it go runs in this test's own process.
    await testDb.db.query(
      `update appointments set hold_expires_at = now() - interval '1 minute' where email = 'hold@example.com'`,
    );
    expect(await releaseExpiredHolds(c)).toBe(1);
    const back = await msUntil(b, day, (times) => times.includes('10:00'), performance.now(), whiteningId);
    console.log(
      `hold in process B: slot gone after ${gone} ms, offered again ${back} ms after another process released it`,
    );
    expect(gone).toBeLessThan(WITHIN_MS);
    expect(back).toBeLessThan(WITHIN_MS);
  });

  it('a reschedule and a cancel in process C: B offers the freed times, not the new one, each in 1 s', async () => {
    const day = weekdayAhead(17);
    const booked = await post(a, 'appointment', visit(examId, day, '11:00-11:30', 'move@example.com'));
    expect(booked.status).toBe(201);
    const appointmentId = ((await booked.json()) as { result: { appointment_id: string } }).result.appointment_id;
    await msUntil(b, day, (times) => !times.includes('11:00') && times.includes('14:00'), performance.now());

    await c.bookingLifecycle.reschedule(appointmentId, { date: day, startTime: '14:00:00', provNum: 1 });
    const moved = await msUntil(
      b,
      day,
      (times) => times.includes('11:00') && !times.includes('14:00'),
      performance.now(),
    );
    await c.bookingLifecycle.changeStatus(appointmentId, 'cancelled', { actor: 'patient' });
    const cancelled = await msUntil(b, day, (times) => times.includes('14:00'), performance.now());
    console.log(`in process B: rescheduled ${moved} ms, cancelled ${cancelled} ms after another process committed`);
    expect(moved).toBeLessThan(WITHIN_MS);
    expect(cancelled).toBeLessThan(WITHIN_MS);
  });

  it('a schedule change by the importer in another process: B stops offering the closed day within 1 s', async () => {
    const day = weekdayAhead(16);
    expect(await offered(b, day)).not.toEqual([]);
    await importPractices(testDb.db, practice({ closures: [{ date: day, name: 'Training day' }] }));
    const ms = await msUntil(b, day, (times) => times.length === 0, performance.now());
    console.log(`closed day gone in process B ${ms} ms after the import committed`);
    expect(ms).toBeLessThan(WITHIN_MS);
  });

  it('an owner closes an afternoon from the console in process C: B stops offering it within 1 s', async () => {
    const day = weekdayAhead(20);
    expect(await offered(b, day)).toContain('14:00');
    const owner = await signIn(c, await addStaff(testDb.db, { practiceIds: [practiceId], role: 'owner' }));
    const { version, practice: settings } = (await owner.get('/api/v1/staff/settings')).json().result;
    const closures = [...settings.closures, { date: day, name: 'Afternoon off', start: '13:00', end: '17:00' }];
    const payload = { version, practice: { ...settings, closures } };
    const saved = await owner.request({ method: 'PUT', url: '/api/v1/staff/settings', payload });
    expect(saved.statusCode, saved.body).toBe(200);
    const ms = await msUntil(b, day, (times) => !times.some((time) => time >= '13:00'), performance.now());
    console.log(`closed afternoon gone in process B ${ms} ms after the console's save answered (ADR 0079)`);
    expect(ms).toBeLessThan(WITHIN_MS);
    expect(await offered(b, day)).toContain('09:00');
  });
});

/** A weekday at least `daysAhead` days from today in New York (the factory practice's zone). */
function weekdayAhead(daysAhead: number): string {
  let day = addDays(localDateOf(new Date(), 'America/New_York'), daysAhead);
  while ([0, 6].includes(weekdayOf(day))) day = addDays(day, 1);
  return day;
}
