import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#domain/time/local-date.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { solvedChallengeFrom, startServerProcess, type ServerProcess } from '#server/test/server-process.ts';
import { createTestDatabase, type TestDatabase } from '#server/test/test-database.ts';
import { bookedTwice, halfWrittenRows, missingBookings, overlappingPairs, waitForMessagesToSettle } from './support/booking-invariants.ts';
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
 * spread over the processes, book one slot at once, and exactly one wins. Every message goes
 * through one SMTP stand-in; each process has its own sender address, so the receiver can tell
 * which worker sent what. Nothing may be sent twice: one delivery per Message-ID, and every
 * message job ran exactly one attempt, so no two workers ever held the same job.
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
      startServerProcess({ DATABASE_URL: testDb.url!, SMTP_URL: smtp.url, MAIL_FROM: `Chairtime <worker${i}@soak.example>` }, { captureOutput: true }),
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
async function race(round: number): Promise<{ tally: Record<number, number>; winners: { appointmentId: string; email: string }[] }> {
  const open = practices['soak-open']!;
  // Beyond the load's 120 days, so only the contenders want this slot.
  const day = addDays(localDateOf(new Date(), SOAK_ZONE), 130 + round);
  const slot = { DateTimeStart: `${day} 09:00:00`, DateTimeEnd: `${day} 09:15:00`, ProvNum: 1, OpNum: 1 };
  const entries = await Promise.all(
    Array.from({ length: CONTENDERS }, async (_, i) => {
      const base = servers[i % PROCESSES]!.base;
      const email = `race${round}-${i}@soak.example`;
      return { base, email, body: soakBooking(open, slot, { n: 900_000 + round * 100 + i, tag: 'race', email }), header: await solvedChallengeFrom(base) };
    }),
  );
  const answers = await Promise.all(
    entries.map(async ({ base, email, body, header }) => {
      const response = await fetch(`${base}/api/v1/appointment`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-bot-challenge': header }, body: JSON.stringify(body) });
      return { email, status: response.status, body: (await response.json()) as { result?: { appointment_id: string } } };
    }),
  );
  const tally: Record<number, number> = {};
  for (const answer of answers) tally[answer.status] = (tally[answer.status] ?? 0) + 1;
  const winners = answers.filter((a) => a.status === 201).map((a) => ({ appointmentId: a.body.result!.appointment_id, email: a.email }));
  return { tally, winners };
}

describe('scale-out', () => {
  it(`${PROCESSES} processes, ${settings.scaleOutSeconds} s of load with ${settings.raceRounds} races beside it: one winner each, nothing sent twice`, async () => {
    const client = createHttpClient({ connections: settings.connections });
    const loading = runMixedLoad({
      client, bases: servers.map((server) => server.base), open: practices['soak-open']!, verify: practices['soak-verify']!, connections: settings.connections,
      durationMs: settings.scaleOutSeconds * 1000, tag: `scale${Date.now()}`, readCode: async (recipient) => smtp.codeFor(recipient),
    });
    const races: Awaited<ReturnType<typeof race>>[] = [];
    for (let round = 0; round < settings.raceRounds; round++) {
      races.push(await race(round));
      await sleep((settings.scaleOutSeconds * 1000) / settings.raceRounds / 2);
    }
    const load = await loading;
    client.close();

    printLoadReport('scale-out', load);
    report('scale-out race', `${races.length} rounds of ${CONTENDERS} across ${PROCESSES} processes: ${races.map((r) => `${r.tally[201] ?? 0}/${r.tally[409] ?? 0}`).join(' ')} (201s/409s per round)`);
    const output = servers.map((server) => server.output().slice(-1_500)).join('\n---\n');
    expect(races.map((r) => r.tally)).toEqual(races.map(() => ({ 201: 1, 409: CONTENDERS - 1 })));
    expect(load.unexpected, `${load.unexpectedCount} unexpected answers\n${output}`).toEqual([]);
    expect(load.codesNotDelivered).toBe(0);

    const bookings = [...load.bookings, ...races.flatMap((r) => r.winners)];
    expect(await overlappingPairs(testDb.db)).toBe(0);
    expect(await missingBookings(testDb.db, bookings)).toEqual([]);
    expect(await bookedTwice(testDb.db)).toEqual([]);
    expect(Object.entries(await halfWrittenRows(testDb.db)).filter(([, n]) => n > 0)).toEqual([]);

    const jobs = await waitForMessagesToSettle(testDb.db, 120_000);
    const [rerun] = await testDb.db.query<{ n: number }>(`select count(*)::int as n from jobs where type in ('email.send', 'sms.send') and attempts <> 1`);
    const deliveries = deliveriesByKey(smtp.state.mails);
    const bySender = new Map<string, number>();
    for (const mail of smtp.state.mails) bySender.set(mail.from, (bySender.get(mail.from) ?? 0) + 1);
    report('scale-out messages', `${smtp.state.mails.length} e-mails for ${deliveries.size} Message-IDs, sent by ${[...bySender.entries()].map(([from, n]) => `${from} ${n}`).join(', ')}; jobs ${JSON.stringify(jobs)}, ${rerun!.n} run more than once`);

    expect(jobs).toEqual({ done: smtp.state.mails.length });
    expect([...deliveries.values()].filter((n) => n !== 1)).toEqual([]);
    expect(rerun!.n).toBe(0);
    const missing = bookings.filter((b) => deliveries.get(`booking-confirmation:${b.appointmentId}`) !== 1 || deliveries.get(`booking-notification:${b.appointmentId}`) !== 1);
    expect(missing).toEqual([]);
    // The worker of every process took part.
    expect([...bySender.keys()].sort()).toEqual(servers.map((_, i) => `worker${i}@soak.example`));
  });
});
