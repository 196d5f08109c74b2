import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';
import { addDays } from '#domain/time/local-date.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { importPractices, practiceConfig, reasonId } from '#server/test/practice-factory.ts';
import {
  odAppointment,
  odOperatory,
  odProvider,
  providerSchedule,
  startFakeOpenDental,
} from '#server/test/fake-opendental-server.ts';
import { summarise } from './measure.ts';
import { seedBenchPractice } from './bench-practice.ts';
import type { Row } from './bench-table.ts';
import { slotsPath } from './slots-path.ts';

export interface OpenDentalBenchResult {
  requestsPerSecond: number;
  months: number;
  firstSync: { seconds: number; requests: number; breaches: number };
  /** One near-dates pass and one month re-read, counted; an hour at the default cadence is 60 and 12 of them. */
  atRest: { nearPass: number; monthReread: number; perHour: number };
  slotsP95Ms: { opendental: number; builtin: number };
  changeToSlotsMs: number;
}

const PROVIDERS = [1, 2, 3, 4, 5];
const CHAIRS = [1, 2, 3, 4, 5, 6, 7, 8];

/** An office of 5 providers in 8 chairs, each provider 08:00 to 17:00 on weekdays, two visits a day each. */
function fillOffice(office: ReturnType<Awaited<ReturnType<typeof startFakeOpenDental>>['office']>, today: string) {
  office.providers = PROVIDERS.map((n) => odProvider(n, `Prov${n}`, 'Bench'));
  office.operatories = CHAIRS.map((n) => odOperatory(n, `Op ${n}`));
  let aptNum = 50_000;
  for (let day = 0; day < 340; day++) {
    const date = addDays(today, day);
    if ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) continue;
    for (const prov of PROVIDERS) {
      office.schedules.push(
        providerSchedule(
          date,
          prov,
          '08:00',
          '17:00',
          [prov, prov + 3].filter((c) => c <= 8),
        ),
      );
      for (const time of ['09:00', '14:00'])
        office.appointments.push(
          odAppointment({
            AptNum: ++aptNum,
            AptDateTime: `${date} ${time}:00`,
            Pattern: 'XXXXXX',
            Op: prov,
            ProvNum: prov,
          }),
        );
    }
  }
}

/**
 * The Open Dental mirror's cost (ADR 0071), against the stand-in at `requestsPerSecond` (1 is Open
 * Dental's rule; the short run may go faster and says so): the first full sync of the booking
 * horizon for 5 providers and 8 chairs, requests an hour at rest, slot-request p95 beside a built-in
 * practice in the same run, and the time from a change in the stand-in to the slot list.
 */
export async function benchOpenDental(
  db: Database,
  options: { requestsPerSecond: number; slotRequests: number },
): Promise<OpenDentalBenchResult> {
  const fake = await startFakeOpenDental({ minIntervalMs: Math.floor(1_000 / options.requestsPerSecond) });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    OPENDENTAL_API_URL: fake.baseUrl,
    OPENDENTAL_DEVELOPER_KEY: fake.developerKey,
    OPENDENTAL_REQUESTS_PER_SECOND: String(options.requestsPerSecond),
  });
  const app = await buildApp({ config, db, logger: false });
  try {
    const today = new Date().toISOString().slice(0, 10);
    fillOffice(fake.office('bench-od'), today);
    const ids = await importPractices(
      db,
      practiceConfig({
        form_url: 'bench-od',
        server_tz: 'UTC',
        pms: { type: 'opendental', customer_key: 'bench-od' },
        providers: PROVIDERS.map((n) => ({ pms_prov_num: n, provider_display_name: `Dr. ${n}` })),
        operatories: CHAIRS.map((n) => ({ pms_op_num: n, name: `Chair ${n}` })),
        schedules: [],
        reasons: [{ name: 'Exam', final_duration: 30 }],
      }),
    );
    const practiceId = ids['bench-od']!;
    const mirror = app.openDentalMirror!;
    const counted = async (work: () => Promise<void>) => {
      const from = fake.requests.length;
      const started = performance.now();
      await work();
      return { requests: fake.requests.length - from, ms: performance.now() - started };
    };
    const first = await counted(() => mirror.syncPractice(practiceId));
    const [months] = await db.query<{ n: number }>(
      'select count(*)::int as n from opendental_mirror_ranges where practice_id = $1',
      [practiceId],
    );
    const nearPass = await counted(() => mirror.syncPractice(practiceId));
    const monthReread = Math.ceil(first.requests / Math.max(1, months!.n));

    const exam = await reasonId(db, practiceId, 'Exam');
    const builtin = await seedBenchPractice(db, 'bench-od-builtin');
    const week = { startDate: addDays(today, 1), endDate: addDays(today, 7) };
    const odPath = slotsPath({ practiceId, reasonId: exam, ...week });
    // The same seven days of the built-in bench practice (10 providers, 600 appointments).
    const builtinWeek = { startDate: builtin.startDate, endDate: addDays(builtin.startDate, 6) };
    const slotsP95Ms = {
      opendental: await slotsP95(app, odPath, options.slotRequests),
      builtin: await slotsP95(
        app,
        slotsPath({ practiceId: builtin.practiceId, reasonId: builtin.reasonId, ...builtinWeek }),
        options.slotRequests,
      ),
    };
    const changeToSlotsMs = await timeChangeToSlots(app, fake, odPath, () => mirror.syncPractice(practiceId));
    return {
      requestsPerSecond: options.requestsPerSecond,
      months: months!.n,
      firstSync: { seconds: first.ms / 1000, requests: first.requests, breaches: fake.breaches.length },
      atRest: { nearPass: nearPass.requests, monthReread, perHour: 60 * nearPass.requests + 12 * monthReread },
      slotsP95Ms,
      changeToSlotsMs,
    };
  } finally {
    await app.close();
    await fake.close();
  }
}

/** The p95 of `count` slot requests one after another, in milliseconds. */
async function slotsP95(app: Awaited<ReturnType<typeof buildApp>>, path: string, count: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const answer = await app.inject({ method: 'GET', url: path });
    if (answer.statusCode !== 200) throw new Error(`slots answered ${answer.statusCode}: ${answer.body}`);
    times.push(performance.now() - started);
  }
  return summarise(times).p95;
}

/**
 * A front-desk appointment added in the stand-in over the first free slot, then the near-dates pass
 * the sync would run next: the time until the slot list no longer offers that time.
 */
async function timeChangeToSlots(
  app: Awaited<ReturnType<typeof buildApp>>,
  fake: Awaited<ReturnType<typeof startFakeOpenDental>>,
  path: string,
  nearPass: () => Promise<void>,
): Promise<number> {
  const slotsNow = async () => (await app.inject({ method: 'GET', url: path })).json().result as AvailabilityRecord[];
  const [slot] = await slotsNow();
  if (!slot) throw new Error('no free slot to take');
  const isOffered = (records: AvailabilityRecord[]) =>
    records.some((r) => r.DateTimeStart === slot.DateTimeStart && r.ProvNum === slot.ProvNum && r.OpNum === slot.OpNum);
  const office = fake.office('bench-od');
  office.appointments.push(
    odAppointment({
      AptNum: 99_999,
      AptDateTime: `${slot.DateTimeStart.replace('T', ' ').slice(0, 16)}:00`,
      Pattern: 'XXXXXX',
      Op: slot.OpNum,
      ProvNum: slot.ProvNum,
    }),
  );
  office.appointments.at(-1)!.DateTStamp = fake.stamp();
  const started = performance.now();
  await nearPass();
  if (isOffered(await slotsNow())) throw new Error('the change did not reach the slot list');
  return performance.now() - started;
}

export function openDentalRows(result: OpenDentalBenchResult): Row[] {
  const rate = `stand-in at ${result.requestsPerSecond} request(s)/s per office`;
  return [
    {
      figure:
        `Open Dental first full sync, 11-month horizon (${result.months} calendar months), ` +
        `5 providers / 8 chairs (${rate})`,
      value: `${result.firstSync.seconds.toFixed(1)} s, ${result.firstSync.requests} requests`,
      budget: result.requestsPerSecond === 1 ? '< 180 s' : 'n/a (faster throttle)',
      ok: result.requestsPerSecond === 1 ? result.firstSync.seconds < 180 && result.firstSync.breaches === 0 : null,
    },
    {
      figure: 'Open Dental requests per office per hour at rest (60 near passes + 12 month re-reads, each counted)',
      value: `${result.atRest.perHour} (${result.atRest.nearPass} a near pass, ${result.atRest.monthReread} a month)`,
      budget: '< 3600',
      ok: result.atRest.perHour < 3600,
    },
    {
      figure: 'slot request p95 over 7 days, Open Dental practice (mirror) vs built-in, same run',
      value: `${result.slotsP95Ms.opendental.toFixed(1)} ms vs ${result.slotsP95Ms.builtin.toFixed(1)} ms`,
      budget: '< 50 ms',
      ok: result.slotsP95Ms.opendental < 50,
    },
    {
      figure: 'change in the stand-in to the slot list (after the near pass starts; + up to 60 s cadence)',
      value: `${result.changeToSlotsMs.toFixed(0)} ms`,
      budget: '< 60 s',
      ok: result.changeToSlotsMs < 60_000,
    },
  ];
}
