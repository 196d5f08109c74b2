import { solveChallenge } from 'altcha-lib/v1';
import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { fixedClock } from '#server/test/test-app.ts';
import { seedBenchPractice } from './bench-practice.ts';
import { summarise, type LatencySummary } from './measure.ts';

export interface BookingBenchResult {
  database: string;
  bookings: number;
  concurrency: number;
  latency: LatencySummary;
  errors: number;
}

/**
 * Booking creation under load: `count` bookings of distinct free slots of the bench practice,
 * `concurrency` at a time, each with its own solved bot challenge (solved before timing starts).
 */
export async function benchBookings(db: Database, options: { count: number; concurrency: number }): Promise<BookingBenchResult> {
  const seed = await seedBenchPractice(db, 'bench-booking');
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_MULTIPLIER: '1000', ALTCHA_MAX_NUMBER: '100' });
  const app = await buildApp({ config, db, clock: fixedClock(seed.now), logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const slots: AvailabilityRecord[] = [];
  for (let provNum = 1; provNum <= 10 && slots.length < options.count; provNum++) {
    const url = `${base}/api/v1/appointment/slots?practice_id=${seed.practiceId}&reason_for_visit_id=${seed.reasonId}&start_date=${seed.startDate}&end_date=${seed.endDate}&pms_prov_num=${provNum}`;
    const records: AvailabilityRecord[] = (await (await fetch(url)).json()).result;
    // Starts half an hour apart never overlap for one provider with a 30-minute reason.
    slots.push(...records.filter((r) => /:(00|30):00$/.test(r.DateTimeStart)));
  }
  const chosen = slots.slice(0, options.count);
  const challenges = await Promise.all(chosen.map(() => solved(base)));

  const latencies: number[] = [];
  let errors = 0;
  let next = 0;
  const worker = async () => {
    while (next < chosen.length) {
      const i = next++;
      const slot = chosen[i]!;
      const started = performance.now();
      const response = await fetch(`${base}/api/v1/appointment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-bot-challenge': challenges[i]!, 'idempotency-key': `bench-${seed.practiceId}-${i}` },
        body: JSON.stringify(bookingFor(seed.practiceId, seed.reasonId, slot, i)),
      });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 201) errors++;
    }
  };
  await Promise.all(Array.from({ length: options.concurrency }, worker));
  await app.close();
  return { database: db.kind, bookings: chosen.length, concurrency: options.concurrency, latency: summarise(latencies), errors };
}

async function solved(base: string): Promise<string> {
  const challenge = (await (await fetch(`${base}/api/v1/captcha/challenge`)).json()).result;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
  return Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString('base64');
}

function bookingFor(practiceId: string, reasonId: string, slot: AvailabilityRecord, i: number) {
  const letters = (n: number) => String.fromCharCode(65 + (n % 26)) + String.fromCharCode(65 + (Math.floor(n / 26) % 26));
  return {
    practice_id: practiceId, rfv_id: reasonId, first_name: 'Bench', last_name: `Patient ${letters(i)}`, email: `bench${i}@example.com`,
    wireless_phone: '+15125550100', dob: '1990-01-01', pms_prov_num: slot.ProvNum, pms_op_num: slot.OpNum,
    apt_date: slot.DateTimeStart.slice(0, 10), start_time: slot.DateTimeStart.slice(11), end_time: slot.DateTimeEnd.slice(11),
    patient_status: 'New Patient', is_patient: true, is_concented: true, has_insurance: false,
  };
}
