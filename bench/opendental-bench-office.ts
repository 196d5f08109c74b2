import { addDays } from '#domain/time/local-date.ts';
import { loadConfig, type Config } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import {
  odAppointment,
  odOperatory,
  odProvider,
  providerSchedule,
  type FakeOpenDental,
} from '#server/test/fake-opendental-server.ts';
import { importPractices, practiceConfig, reasonId } from '#server/test/practice-factory.ts';

/** The bench's Open Dental office: its customer key, and the form_url of the practice booked into it. */
export const BENCH_OFFICE = 'bench-od';
const PROVIDERS = [1, 2, 3, 4, 5];
const CHAIRS = [1, 2, 3, 4, 5, 6, 7, 8];

/**
 * An office of 5 providers in 8 chairs in the stand-in, each provider 08:00 to 17:00 on weekdays with
 * two visits a day, and the practice on it imported: its id and its 30-minute reason's.
 */
export async function seedOpenDentalOffice(
  db: Database,
  fake: FakeOpenDental,
  today: string,
): Promise<{ practiceId: string; reasonId: string }> {
  const office = fake.office(BENCH_OFFICE);
  office.providers = PROVIDERS.map((n) => odProvider(n, `Prov${n}`, 'Bench'));
  office.operatories = CHAIRS.map((n) => odOperatory(n, `Op ${n}`));
  let aptNum = 50_000;
  for (let day = 0; day < 340; day++) {
    const date = addDays(today, day);
    if ([0, 6].includes(new Date(`${date}T12:00:00Z`).getUTCDay())) continue;
    for (const prov of PROVIDERS) {
      const chairs = [prov, prov + 3].filter((c) => c <= 8);
      office.schedules.push(providerSchedule(date, prov, '08:00', '17:00', chairs));
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
  const ids = await importPractices(
    db,
    practiceConfig({
      form_url: BENCH_OFFICE,
      server_tz: 'UTC',
      pms: { type: 'opendental', customer_key: BENCH_OFFICE },
      providers: PROVIDERS.map((n) => ({ pms_prov_num: n, provider_display_name: `Dr. ${n}` })),
      operatories: CHAIRS.map((n) => ({ pms_op_num: n, name: `Chair ${n}` })),
      schedules: [],
      reasons: [{ name: 'Exam', final_duration: 30 }],
    }),
  );
  const practiceId = ids[BENCH_OFFICE]!;
  return { practiceId, reasonId: await reasonId(db, practiceId, 'Exam') };
}

/** The app's settings against the stand-in `fake`, at `requestsPerSecond` per office. */
export function benchOpenDentalConfig(fake: FakeOpenDental, requestsPerSecond: number): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    OPENDENTAL_API_URL: fake.baseUrl,
    OPENDENTAL_DEVELOPER_KEY: fake.developerKey,
    OPENDENTAL_REQUESTS_PER_SECOND: String(requestsPerSecond),
  });
}
