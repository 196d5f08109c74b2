import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#domain/time/local-date.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { solvedChallengeFrom, startServerProcess, type ServerProcess } from '#server/test/server-process.ts';
import { createTestDatabase, type TestDatabase } from '#server/test/test-database.ts';
import { expectBookingsIntact, waitForMessagesToSettle } from './support/booking-invariants.ts';
import { createHttpClient } from './support/http-client.ts';
import { printLoadReport } from './support/load-summary.ts';
import { runMixedLoad } from './support/mixed-load.ts';
import { soakBooking } from './support/soak-booking.ts';
import { importSoakPractices, loadPracticeConfigs, SOAK_ZONE, type SoakPractice } from './support/soak-practices.ts';
import { report, soakSettings } from './support/soak-settings.ts';
import { deliveriesByKey, startSmtpRecorder, type SmtpRecorder } from './support/smtp-recorder.ts';

/**
 * Scale-out: three server processes on one PostgreSQL database, each with its job worker. While
 * mixed load is spread over the three, rounds of a race run beside it: CONTENDERS patients,
 * spread over the processes, book one slot at once, and exactly one wins. After each race a
 * booking through one process must vanish from the next process's cached slot list within a
 * second (the slot-change notices, ADR 0033). Every message goes through one SMTP stand-in;
 * each process has its own sender address, so the receiver can tell which worker sent what.
 * Nothing may be sent twice: one delivery per Message-ID, and every message job ran exactly one
 * attempt, so no two workers ever held the same job.
 */
const PROCESSES = 3;
const CONTENDERS = 30;
const settings = soakSettings();
let testDb: TestDatabase;
let smtp: SmtpRecorder;
let servers: ServerProcess[] = [];
let practices: Record<string, SoakPractice>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  practices = await importSoakPractices(testDb.db, ...loadPracticeConfigs());
  smtp = await startSmtpRecorder();
  servers = await Promise.all(
    Array.from({ length: PROCESSES }, (_, i) =>
      startServerProcess(
        { DATABASE_URL: testDb.url!, SMTP_URL: smtp.url, MAIL_FROM: `Chairtime <worker${i}@soak.example>` },
        { captureOutput: true },
      ),
    ),
  );
});
afterAll(async () => {
  await Promise.all(servers.map((server) => server.kill()));
  await smtp?.close();
  await testDb?.destroy();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One slot, CONTENDERS bookings spread over the processes, sent together; the status tally. */
async function race(
  round: number,
): Promise<{ tally: Record<number, number>; winners: { appointmentId: string; email: string }[] }> {
  const open = practices['soak-open']!;
  // Beyond the load's 120 days, so only the contenders want this slot.
  const day = addDays(localDateOf(new Date(), SOAK_ZONE), 130 + round);
  const slot = { DateTimeStart: `${day} 09:00:00`, DateTimeEnd: `${day} 09:15:00`, ProvNum: 1, OpNum: 1 };
  const entries = await Promise.all(
    Array.from({ length: CONTENDERS }, async (_, i) => {
      const base = servers[i % PROCESSES]!.base;
      const email = `race${round}-${i}@soak.example`;
      return {
        base,
        email,
        body: soakBooking(open, slot, { n: 900_000 + round * 100 + i, tag: 'race', email }),
        header: await solvedChallengeFrom(base),
      };
    }),
  );
  const answers = await Promise.all(
    entries.map(async ({ base, email, body, header }) => {
      const response = await fetch(`${base}/api/v1/appointment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-bot-challenge': header },
        body: JSON.stringify(body),
      });
      return {
        email,
        status: response.status,
        body: (await response.json()) as { result?: { appointment_id: string } },
      };
    }),
  );
  const tally: Record<number, number> = {};
  for (const answer of answers) tally[answer.status] = (tally[answer.status] ?? 0) + 1;
  const winners = answers
    .filter((a) => a.status === 201)
    .map((a) => ({ appointmentId: a.body.result!.appointment_id, email: a.email }));
  return { tally, winners };
}

/**
 * One process lists a day (and caches it), another books its first slot, and the first is polled
 * until the slot is gone. From the booking's answer: `goneMs`, when the first list without it came
 * back, and `staleMs`, when the last request that still got it was sent (null: none did). Under this
 * load one slot list takes up to seconds to come back, so `goneMs` measures the queue as much as
 * the cache; `staleMs` is the cache's part: no request sent later was offered the slot.
 */
async function propagation(
  round: number,
): Promise<{ goneMs: number; staleMs: number | null; booking: { appointmentId: string; email: string } }> {
  const open = practices['soak-open']!;
  // Beyond the load's days and the races' days, so nothing else books here.
  const day = addDays(localDateOf(new Date(), SOAK_ZONE), 250 + round);
  const [booker, watcher] = [servers[round % PROCESSES]!, servers[(round + 1) % PROCESSES]!];
  const start = `${day} 09:00:00`;
  const isOffered = async () => {
    const url =
      `${watcher.base}/api/v1/appointment/slots?practice_id=${open.id}` +
      `&reason_for_visit_id=${open.reasonId}&start_date=${day}&end_date=${day}&pms_prov_num=1`;
    const response = await fetch(url);
    if (response.status !== 200) throw new Error(`slots answered ${response.status}`);
    return ((await response.json()) as { result: { DateTimeStart: string }[] }).result.some(
      (slot) => slot.DateTimeStart === start,
    );
  };
  if (!(await isOffered())) throw new Error(`${start} is not offered before the probe books it`);
  const email = `probe${round}@soak.example`;
  const body = soakBooking(
    open,
    { DateTimeStart: start, DateTimeEnd: `${day} 09:15:00`, ProvNum: 1, OpNum: 1 },
    { n: 800_000 + round, tag: 'probe', email },
  );
  const response = await fetch(`${booker.base}/api/v1/appointment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-bot-challenge': await solvedChallengeFrom(booker.base) },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`the probe's booking answered ${response.status}`);
  const booked = (await response.json()) as { result: { appointment_id: string } };
  const since = performance.now();
  let staleMs: number | null = null;
  for (let sentAt = 0; await isOffered(); sentAt = performance.now() - since) {
    staleMs = Math.round(sentAt);
    if (staleMs > 20_000) throw new Error(`${start} still offered by another process after 20 s`);
    await sleep(10);
  }
  return {
    goneMs: Math.round(performance.now() - since),
    staleMs,
    booking: { appointmentId: booked.result.appointment_id, email },
  };
}

describe('scale-out', () => {
  it(`${PROCESSES} processes under load, with races: one winner each, nothing sent twice`, async () => {
    const client = createHttpClient({ connections: settings.connections });
    const loading = runMixedLoad({
      client,
      bases: servers.map((server) => server.base),
      open: practices['soak-open']!,
      verify: practices['soak-verify']!,
      connections: settings.connections,
      durationMs: settings.scaleOutSeconds * 1000,
      tag: `scale${Date.now()}`,
      readCode: async (recipient) => smtp.codeFor(recipient),
    });
    const races: Awaited<ReturnType<typeof race>>[] = [];
    const probes: Awaited<ReturnType<typeof propagation>>[] = [];
    for (let round = 0; round < settings.raceRounds; round++) {
      races.push(await race(round));
      // The probe takes its time out of the pause, so the soak runs no longer than before.
      const probeStart = performance.now();
      probes.push(await propagation(round));
      await sleep(
        Math.max(0, (settings.scaleOutSeconds * 1000) / settings.raceRounds / 2 - (performance.now() - probeStart)),
      );
    }
    const load = await loading;
    client.close();

    printLoadReport('scale-out', load);
    report(
      'scale-out race',
      `${races.length} rounds of ${CONTENDERS} across ${PROCESSES} processes: ` +
        `${races.map((r) => `${r.tally[201] ?? 0}/${r.tally[409] ?? 0}`).join(' ')} (201s/409s per ` +
        `round)`,
    );
    const output = servers.map((server) => server.output().slice(-1_500)).join('\n---\n');
    const stale = (p: (typeof probes)[number]) => (p.staleMs === null ? 'none' : `${p.staleMs} ms`);
    for (const p of probes)
      console.log(
        `slot gone in process B after ${p.goneMs} ms (last offered to a request sent after the booking: ${stale(p)})`,
      );
    report(
      'scale-out slot propagation',
      `a booking in one process gone from another's slot list after ` +
        `${probes.map((p) => p.goneMs).join(', ')} ms; last offered to a request sent after: ` +
        `${probes.map(stale).join(', ')}`,
    );
    expect(races.map((r) => r.tally)).toEqual(races.map(() => ({ 201: 1, 409: CONTENDERS - 1 })));
    expect(
      probes.filter((p) => (p.staleMs ?? 0) >= 1_000),
      'slots still offered to requests sent a second or more after the booking',
    ).toEqual([]);
    expect(load.unexpected, `${load.unexpectedCount} unexpected answers\n${output}`).toEqual([]);
    expect(load.codesNotDelivered).toBe(0);

    const bookings = [...load.bookings, ...races.flatMap((r) => r.winners), ...probes.map((p) => p.booking)];
    const jobs = await waitForMessagesToSettle(testDb.db, 120_000);
    await expectBookingsIntact(testDb.db, bookings);
    const [rerun] = await testDb.db.query<{ n: number }>(
      `select count(*)::int as n from jobs where type in ('email.send', 'sms.send') and attempts <> 1`,
    );
    const deliveries = deliveriesByKey(smtp.state.mails);
    const bySender = new Map<string, number>();
    for (const mail of smtp.state.mails) bySender.set(mail.from, (bySender.get(mail.from) ?? 0) + 1);
    report(
      'scale-out messages',
      `${smtp.state.mails.length} e-mails for ${deliveries.size} Message-IDs, sent by ` +
        `${[...bySender.entries()].map(([from, n]) => `${from} ${n}`).join(', ')}; jobs ` +
        `${JSON.stringify(jobs)}, ${rerun!.n} run more than once`,
    );

    expect(jobs).toEqual({ done: smtp.state.mails.length });
    expect([...deliveries.values()].filter((n) => n !== 1)).toEqual([]);
    expect(rerun!.n).toBe(0);
    const missing = bookings.filter(
      (b) =>
        deliveries.get(`booking-confirmation:${b.appointmentId}`) !== 1 ||
        deliveries.get(`booking-notification:${b.appointmentId}`) !== 1,
    );
    expect(missing).toEqual([]);
    // The worker of every process took part.
    expect([...bySender.keys()].sort()).toEqual(servers.map((_, i) => `worker${i}@soak.example`));
  });
});
