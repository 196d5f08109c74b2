import { addDays, weekdayOf } from '#domain/time/local-date.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import {
  blockoutSchedule,
  odAppointment,
  odOperatory,
  odPatient,
  odProvider,
  practiceClosed,
  providerSchedule,
  startFakeOpenDental,
} from '../server/test/fake-opendental-server.ts';

/**
 * `npm run dev:opendental [-- port]`: starts the Open Dental stand-in used by the tests
 * on 127.0.0.1 with an office (customer key "demo") for the demo practice in
 * demo/bright-smile-od.json, and prints how to run the app against it (ADR 0015).
 */
const DEVELOPER_KEY = 'dev';
const CUSTOMER_KEY = 'demo';
const ZONE = 'America/Chicago';
const DAYS = 120;

const port = Number(process.argv[2] ?? process.env.OPENDENTAL_FAKE_PORT ?? 8791);
const fake = await startFakeOpenDental({
  developerKey: DEVELOPER_KEY,
  port,
  onRequest: (r) =>
    console.log(
      `${new Date(r.at).toISOString().slice(11, 19)} ${r.method} ${r.path}` +
        (r.method === 'GET' && r.path !== '/patients/Simple' ? `?${r.query}` : ''),
    ),
});

const office = fake.office(CUSTOMER_KEY);
office.providers = [
  odProvider(1, 'Ana', 'Ruiz'),
  odProvider(2, 'Ben', 'Carter'),
  odProvider(3, 'Chloe', 'Nguyen', { IsSecondary: 'true' }),
  // In Open Dental but not offered online: practice:sync lists it under "not_offered".
  odProvider(4, 'Dan', 'Hill'),
];
office.operatories = [
  odOperatory(1, 'Op 1', { ProvDentist: 1 }),
  odOperatory(2, 'Op 2', { ProvDentist: 2 }),
  odOperatory(3, 'Hyg 1', { ProvHygienist: 3, IsHygiene: 'true' }),
  odOperatory(4, 'Op 4'),
];
office.patients = [
  odPatient({
    PatNum: 1,
    FName: 'Sam',
    LName: 'Rivera',
    Birthdate: '1985-06-01',
    Email: 'sam@example.com',
    WirelessPhone: '(512) 555-0101',
  }),
];

// Weekdays from today: dentists 08:00-17:00, the hygienist 09:00-15:00 on Mon/Wed/Fri, lunch
// blocked out in every chair, two booked visits a day, and one closed day.
const today = localDateOf(new Date(), ZONE);
let aptNum = 1;
for (let i = 0; i < DAYS; i++) {
  const date = addDays(today, i);
  const weekday = weekdayOf(date);
  if (weekday === 0 || weekday === 6) continue;
  office.schedules.push(
    providerSchedule(date, 1, '08:00', '17:00', [1]),
    providerSchedule(date, 2, '08:00', '17:00', [2]),
    providerSchedule(date, 4, '08:00', '17:00', [4]),
  );
  if (weekday % 2 === 1) office.schedules.push(providerSchedule(date, 3, '09:00', '15:00', [3]));
  office.schedules.push(blockoutSchedule(date, '12:00', '13:00', [1, 2, 3], 'Lunch'));
  office.appointments.push(
    odAppointment({
      AptNum: aptNum++,
      PatNum: 1,
      AptDateTime: `${date} 09:00:00`,
      Pattern: '//XXXX//',
      Op: 1,
      ProvNum: 1,
    }),
    odAppointment({
      AptNum: aptNum++,
      PatNum: 1,
      AptDateTime: `${date} 14:00:00`,
      Pattern: 'XXXXXXXXXXXX',
      Op: 2,
      ProvNum: 2,
    }),
  );
}
office.schedules.push(practiceClosed(addDays(today, 10), 'Staff training day'));

const env = `OPENDENTAL_API_URL=${fake.baseUrl} OPENDENTAL_DEVELOPER_KEY=${DEVELOPER_KEY}`;
console.log(
  [
    `Open Dental stand-in on ${fake.baseUrl} ` +
      `(developer key "${DEVELOPER_KEY}", customer key "${CUSTOMER_KEY}", office zone ${ZONE}).`,
    '',
    'In another terminal (the app must not be running while you import into the embedded database):',
    '  npm run practice:import -- demo/bright-smile-od.json',
    `  ${env} npm run dev`,
    '  open http://localhost:8080/bright-smile-od',
    '',
    'Read the office setup the way an operator would:',
    `  ${env} npm run practice:sync -- bright-smile-od`,
    '  cp demo/bright-smile-od.json /tmp/od.json',
    `  ${env} npm run practice:sync -- bright-smile-od --write /tmp/od.json   # Dan Hill and Op 4 under "not_offered"`,
    '',
    'Requests to the stand-in are listed below. Ctrl+C stops it.',
  ].join('\n'),
);

const stop = () => void fake.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
