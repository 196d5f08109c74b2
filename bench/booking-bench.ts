import { solveChallenge } from 'altcha-lib/v1';
import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { fixedClock } from '#server/test/test-app.ts';
import { seedBenchPractice } from './bench-practice.ts';
import { listenOnLoopback } from './load-test.ts';
import { medianSummary, summarise, type LatencySummary } from './measure.ts';
import { slotsPath } from './slots-path.ts';
import { newPatientAtSlot } from '#server/test/booking-factory.ts';

export interface BookingBenchResult {
  database: string;
  rounds: number;
  /** Bookings per round. */
  bookings: number;
  concurrency: number;
  latency: LatencySummary;
  /** The baseline: a trivial JSON POST of the same server, sent the same way, in the same rounds. */
  trivial: LatencySummary;
  /** Answers other than 201 over all rounds. */
  errors: number;
  /** Moves per round through the manage API (ADR 0036): half the bookings, each to a free time. */
  reschedules: number;
  rescheduleLatency: LatencySummary;
  /** Answers other than 200 over all rounds. */
  rescheduleErrors: number;
}

const TRIVIAL_PATH = '/bench/trivial-post';

/**
 * Booking creation under load: each round books `count` distinct free slots of a freshly seeded
 * bench practice, `concurrency` at a time, each with its own bot challenge solved before timing
 * starts. A trivial POST at the same concurrency precedes every round.
 */
export async function benchBookings(
  db: Database,
  options: { rounds: number; count: number; concurrency: number; hasMoves?: boolean },
): Promise<BookingBenchResult> {
  // A practice of its own per run and round: one database may hold several runs.
  const name = `bench-booking-c${options.concurrency}${options.hasMoves === false ? '-still' : ''}`;
  const seeds = [];
  for (let round = 0; round < options.rounds; round++) seeds.push(await seedBenchPractice(db, `${name}-${round}`));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MULTIPLIER: '1000',
    ALTCHA_MAX_NUMBER: '100',
  });
  // One fixed "now" for every round: the seeds differ only in their practice.
  const app = await buildApp({ config, db, clock: fixedClock(seeds[0]!.now), logger: false });
  app.post(TRIVIAL_PATH, async () => ({ success: true, result: 'ok' }));
  const base = await listenOnLoopback(app);
  try {
    const latencies: LatencySummary[] = [];
    const trivial: LatencySummary[] = [];
    const moves: LatencySummary[] = [];
    const moveCount = options.hasMoves === false ? 0 : Math.floor(options.count / 2);
    let errors = 0;
    let moveErrors = 0;
    for (const seed of seeds) {
      const free = await freeSlots(base, seed, options.count + moveCount);
      const slots = free.slice(0, options.count);
      const targets = free.slice(options.count);
      const challenges = await Promise.all(slots.map(() => solved(base)));
      const bodies = slots.map((slot, i) => JSON.stringify(bookingFor(seed.practiceId, seed.reasonId, slot, i)));
      const baseline = await runConcurrently(bodies.length, options.concurrency, (i) =>
        fetch(`${base}${TRIVIAL_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: bodies[i]!,
        }),
      );
      if (baseline.failures > 0) throw new Error(`the trivial POST failed ${baseline.failures} times`);
      trivial.push(summarise(baseline.latencies));
      const managePaths: string[] = [];
      const booked = await runConcurrently(
        bodies.length,
        options.concurrency,
        async (i) => {
          const response = await fetch(`${base}/api/v1/appointment`, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-bot-challenge': challenges[i]!,
              'idempotency-key': `bench-${seed.practiceId}-${i}`,
            },
            body: bodies[i]!,
          });
          // Only a run that moves bookings needs their links: reading each answer twice is the bench's own work.
          if (response.status === 201 && moveCount > 0)
            managePaths[i] = (
              (await response.clone().json()) as { result: { manage_path: string } }
            ).result.manage_path;
          return response;
        },
        201,
      );
      latencies.push(summarise(booked.latencies));
      errors += booked.failures;
      // Each of the first half moves to a time nobody holds, as a patient on the manage page would.
      const moved = await runConcurrently(moveCount, options.concurrency, (i) => {
        const target = targets[i]!;
        const token = managePaths[i]?.split('/').at(-1) ?? 'missing';
        return fetch(`${base}/api/v1/appointment/manage/${token}/reschedule`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': `bench-move-${seed.practiceId}-${i}` },
          body: JSON.stringify({
            apt_date: target.DateTimeStart.slice(0, 10),
            start_time: target.DateTimeStart.slice(11),
            pms_prov_num: target.ProvNum,
          }),
        });
      });
      moves.push(summarise(moved.latencies));
      moveErrors += moved.failures;
    }
    return {
      database: db.kind,
      rounds: seeds.length,
      bookings: options.count,
      concurrency: options.concurrency,
      latency: medianSummary(latencies),
      trivial: medianSummary(trivial),
      errors,
      reschedules: moveCount,
      rescheduleLatency: medianSummary(moves),
      rescheduleErrors: moveErrors,
    };
  } finally {
    await app.close();
  }
}

/** `count` requests, `concurrency` in flight at a time; latency of each, and answers not `expected`. */
async function runConcurrently(
  count: number,
  concurrency: number,
  send: (i: number) => Promise<Response>,
  expected = 200,
) {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const started = performance.now();
      const response = await send(i);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== expected) failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { latencies, failures };
}

/** Free slots of distinct providers' half hours: starts 30 minutes apart never overlap for one provider. */
async function freeSlots(
  base: string,
  seed: Awaited<ReturnType<typeof seedBenchPractice>>,
  count: number,
): Promise<AvailabilityRecord[]> {
  const slots: AvailabilityRecord[] = [];
  for (let provNum = 1; provNum <= 10 && slots.length < count; provNum++) {
    const url = `${base}${slotsPath({ ...seed, provNum })}`;
    const records: AvailabilityRecord[] = (await (await fetch(url)).json()).result;
    slots.push(...records.filter((r) => /:(00|30):00$/.test(r.DateTimeStart)));
  }
  if (slots.length < count) throw new Error(`the bench practice has only ${slots.length} free half hours`);
  return slots.slice(0, count);
}

async function solved(base: string): Promise<string> {
  const challenge = (await (await fetch(`${base}/api/v1/captcha/challenge`)).json()).result;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  return Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString('base64');
}

function bookingFor(practiceId: string, reasonId: string, slot: AvailabilityRecord, i: number) {
  const letters = (n: number) =>
    String.fromCharCode(65 + (n % 26)) + String.fromCharCode(65 + (Math.floor(n / 26) % 26));
  return {
    practice_id: practiceId,
    rfv_id: reasonId,
    first_name: 'Bench',
    last_name: `Patient ${letters(i)}`,
    email: `bench${i}@example.com`,
    wireless_phone: '+15125550100',
    dob: '1990-01-01',
    ...newPatientAtSlot(slot),
  };
}
