import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#domain/time/local-date.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { solvedChallengeFrom, startServerProcess, type ServerProcess } from '#server/test/server-process.ts';
import { createTestDatabase, type TestDatabase } from '#server/test/test-database.ts';
import { missingBookings, overlappingPairs } from './support/booking-invariants.ts';
import { soakBooking } from './support/soak-booking.ts';
import { importSoakPractices, SOAK_ZONE, soakPracticeConfig, type SoakPractice } from './support/soak-practices.ts';
import { report } from './support/soak-settings.ts';

/**
 * Reschedules that race (ADR 0036): 20 bookings on one provider's day, then 50 moves among them
 * sent at once through two server processes on one PostgreSQL database, into a pool of times
 * that are partly each other's. Every answer is a 200 or a 409, never a 5xx; no two bookings
 * overlap; every booking is still booked with a time (none lost, none doubled); and the moves
 * the server acknowledged are exactly the moves the rows count.
 */
const BOOKINGS = 20;
const MOVES = 50;
const PROCESSES = 2;
let testDb: TestDatabase;
let servers: ServerProcess[] = [];
let practice: SoakPractice;

beforeAll(async () => {
  testDb = await createTestDatabase();
  const config = {
    ...soakPracticeConfig('soak-move', { providers: 1 }),
    reschedule_cutoff_hours: 0,
    max_reschedules: 20,
  };
  practice = (await importSoakPractices(testDb.db, config))['soak-move']!;
  servers = await Promise.all(
    Array.from({ length: PROCESSES }, () => startServerProcess({ DATABASE_URL: testDb.url! }, { captureOutput: true })),
  );
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
  await testDb?.destroy();
});

const quarter = (day: string, index: number) => {
  const minutes = 7 * 60 + index * 15;
  const time = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}:00`;
  return {
    DateTimeStart: `${day} ${time(minutes)}`,
    DateTimeEnd: `${day} ${time(minutes + 15)}`,
    ProvNum: 1,
    OpNum: 1,
  };
};

describe('reschedule race', () => {
  it(`${MOVES} concurrent moves among ${BOOKINGS} bookings: no double booking, no lost booking`, async () => {
    const day = addDays(localDateOf(new Date(), SOAK_ZONE), 60);
    const booked: { appointmentId: string; email: string; token: string }[] = [];
    for (let i = 0; i < BOOKINGS; i++) {
      const base = servers[i % PROCESSES]!.base;
      const email = `move${i}@soak.example`;
      const response = await fetch(`${base}/api/v1/appointment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-bot-challenge': await solvedChallengeFrom(base) },
        body: JSON.stringify(soakBooking(practice, quarter(day, i * 2), { n: 700_000 + i, tag: 'move', email })),
      });
      const body = (await response.json()) as { result: { appointment_id: string; manage_path: string } };
      expect(response.status, JSON.stringify(body)).toBe(201);
      booked.push({
        appointmentId: body.result.appointment_id,
        email,
        token: body.result.manage_path.split('/').at(-1)!,
      });
    }
    // Targets: the 30 quarters from 07:00, half of them the bookings' own times, so moves collide
    // with each other and with bookings that stay.
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: MOVES }, async (_, i) => {
        const mover = booked[i % BOOKINGS]!;
        const target = quarter(day, (i * 7 + 3) % 30);
        const response = await fetch(
          `${servers[i % PROCESSES]!.base}/api/v1/appointment/manage/${mover.token}/reschedule`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ apt_date: day, start_time: target.DateTimeStart.slice(11), pms_prov_num: 1 }),
          },
        );
        await response.arrayBuffer();
        return response.status;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const tally: Record<number, number> = {};
    for (const status of answers) tally[status] = (tally[status] ?? 0) + 1;
    const [moves] = await testDb.db.query<{ n: number }>(
      'select coalesce(sum(reschedule_count), 0)::int as n from appointments where id = any($1::uuid[])',
      [booked.map((b) => b.appointmentId)],
    );
    report(
      'reschedule race',
      `${MOVES} moves among ${BOOKINGS} bookings over ${PROCESSES} processes in ${seconds.toFixed(1)} ` +
        `s: ${tally[200] ?? 0} moved, ${tally[409] ?? 0} refused as taken, ${tally[422] ?? 0} as no ` +
        `longer offered`,
    );

    // 409: taken. 422: the engine saw the time held, and by the time the refusal was explained the
    // holder had moved away, so it is "no longer offered" (the booking flow answers the same).
    expect(
      Object.keys(tally)
        .map(Number)
        .filter((status) => ![200, 409, 422].includes(status)),
    ).toEqual([]);
    expect(tally[200] ?? 0).toBeGreaterThan(0);
    expect(await overlappingPairs(testDb.db)).toBe(0);
    expect(await missingBookings(testDb.db, booked)).toEqual([]);
    expect(moves!.n).toBe(tally[200] ?? 0);
    const timeless = await testDb.db.query(
      'select id from appointments where id = any($1::uuid[]) and (starts_at is null or ends_at is null)',
      [booked.map((b) => b.appointmentId)],
    );
    expect(timeless).toEqual([]);
  });
});
