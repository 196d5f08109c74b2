import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';
import { addDays } from '#domain/time/local-date.ts';
import { buildApp } from '#server/app.ts';
import { migrate } from '#server/db/migrate.ts';
import { openPgliteDatabase } from '#server/db/pglite-database.ts';
import { odAppointment, startFakeOpenDental, type FakeOpenDental } from '#server/test/fake-opendental-server.ts';
import { median } from './measure.ts';
import { benchOpenDentalConfig, BENCH_OFFICE, seedOpenDentalOffice } from './opendental-bench-office.ts';
import { slotsPath } from './slots-path.ts';
import { DEFAULT_NEAR_EVERY_MS } from '#server/adapters/pms/opendental/opendental-mirror-sync.ts';

export interface AtRestResult {
  /** The stand-in's rate in this run (the count does not depend on it; the run's length does). */
  requestsPerSecond: number;
  simulatedMinutes: number;
  /** Requests the stand-in received from the office's sync over the simulated hour, counted… */
  requests: number;
  /** …and per 60 minutes (the last round ends a little past the hour). */
  perHour: number;
  breaches: number;
  /** From a front-desk change in the stand-in to the slot list without that time, in the loop's time. */
  changeToSlotsSeconds: { median: number; max: number; count: number };
}

const TICK_MS = 1_000;
/** From one change seen in the slot list to the next change: six of them fit in the hour. */
const CHANGE_GAP_MS = 8 * 60_000;

/**
 * The mirror's sync loop (ADR 0071) run for `minutes` (an hour; CI's short run less) on a simulated
 * clock, against the stand-in, on a database of its own: each round is what the loop does (a pass over
 * the practices, then a 1-second pause), the pause skipped by moving the clock instead of waiting; the
 * requests are real and counted by the stand-in. Meanwhile the front desk adds `changes` appointments,
 * at different points of the near dates' minute, and each is timed from the stand-in to the slot list.
 */
export async function benchOpenDentalAtRest(options: { requestsPerSecond: number; minutes: number; changes: number }) {
  const db = await openPgliteDatabase();
  const fake = await startFakeOpenDental({ minIntervalMs: Math.floor(1_000 / options.requestsPerSecond) });
  let offsetMs = 0;
  const simNow = () => Date.now() + offsetMs;
  const config = benchOpenDentalConfig(fake, options.requestsPerSecond);
  config.openDental.mirror = { cadenceNow: simNow };
  await migrate(db);
  const app = await buildApp({ config, db, clock: { now: () => new Date(simNow()) }, logger: false });
  try {
    const today = new Date().toISOString().slice(0, 10);
    const { practiceId, reasonId } = await seedOpenDentalOffice(db, fake, today);
    const mirror = app.openDentalMirror!;
    await mirror.syncPractice(practiceId);
    const path = slotsPath({ practiceId, reasonId, startDate: addDays(today, 1), endDate: addDays(today, 7) });
    const slots = async () => (await app.inject({ method: 'GET', url: path })).json().result as AvailabilityRecord[];
    const from = fake.requests.length;
    const breachesBefore = fake.breaches.length;
    const started = simNow();
    // The k-th change comes k sixths of a near-dates minute later after the last near pass than the one before
    // (a change is seen right after a near pass), so the changes fall evenly over that minute.
    let nextChangeAt = started + 120_000;
    const delays: number[] = [];
    let pending: { at: number; isOffered: (records: AvailabilityRecord[]) => boolean } | null = null;
    while (simNow() - started < options.minutes * 60_000) {
      await mirror.syncAll();
      if (pending && !pending.isOffered(await slots())) {
        delays.push(simNow() - pending.at);
        pending = null;
        nextChangeAt = simNow() + CHANGE_GAP_MS + (delays.length * DEFAULT_NEAR_EVERY_MS) / options.changes;
      }
      if (!pending && delays.length < options.changes && simNow() >= nextChangeAt)
        pending = { at: simNow(), isOffered: frontDeskTakes(fake, (await slots())[0]) };
      offsetMs += TICK_MS;
    }
    const requests = fake.requests.slice(from).filter((r) => r.customerKey === BENCH_OFFICE).length;
    const simulatedMinutes = (simNow() - started) / 60_000;
    return {
      requestsPerSecond: options.requestsPerSecond,
      simulatedMinutes,
      requests,
      perHour: Math.round((requests * 60) / simulatedMinutes),
      breaches: fake.breaches.length - breachesBefore,
      changeToSlotsSeconds: {
        median: median(delays) / 1000,
        max: Math.max(...delays) / 1000,
        count: delays.length,
      },
    } satisfies AtRestResult;
  } finally {
    await app.close();
    await fake.close();
    await db.close();
  }
}

/** The front desk books `slot` in the stand-in: a test of whether a slot list still offers that time. */
function frontDeskTakes(fake: FakeOpenDental, slot: AvailabilityRecord | undefined) {
  if (!slot) throw new Error('no free slot to take');
  const office = fake.office(BENCH_OFFICE);
  office.appointments.push({
    ...odAppointment({
      AptNum: 90_000 + office.appointments.length,
      AptDateTime: `${slot.DateTimeStart.replace('T', ' ').slice(0, 16)}:00`,
      Pattern: 'XXXXXX',
      Op: slot.OpNum,
      ProvNum: slot.ProvNum,
    }),
    DateTStamp: fake.stamp(),
  });
  return (records: AvailabilityRecord[]) =>
    records.some((r) => r.DateTimeStart === slot.DateTimeStart && r.ProvNum === slot.ProvNum && r.OpNum === slot.OpNum);
}
