import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#domain/time/local-date.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { solvedChallengeFrom } from '#server/test/server-process.ts';
import { createTestDatabase, type TestDatabase } from '#server/test/test-database.ts';
import { expectBookingsIntact, waitForMessagesToSettle } from './support/booking-invariants.ts';
import { createHttpClient } from './support/http-client.ts';
import { restartableServer } from './support/restartable-server.ts';
import { soakBooking } from './support/soak-booking.ts';
import { importSoakPractices, SOAK_ZONE, soakPracticeConfig, type SoakPractice } from './support/soak-practices.ts';
import { report, soakSettings } from './support/soak-settings.ts';
import { deliveriesByKey, startSmtpRecorder, type SmtpRecorder } from './support/smtp-recorder.ts';

/**
 * Crash: eight clients book without pause while the server is killed with SIGKILL at a random
 * moment 0.5–2.5 s after each start, ten times. A request the kill left unanswered is sent again,
 * with the same Idempotency-Key, to the restarted process, as a client that saw a dropped
 * connection should. Each client books one provider's slots in turn, so no booking competes
 * with another and every answer must be a 201.
 *
 * What ADR 0010 promises for messages, and what is checked: a job is committed with its booking,
 * and delivered at least once; a job claimed by a killed process runs again once its lease (5
 * minutes) has passed, so a message may reach the SMTP server twice, always with the same
 * Message-ID (derived from the job's idempotency key), which receivers use to drop the repeat.
 * The test ends the leases of the killed processes' claims rather than waiting 5 minutes.
 */
const CLIENTS = 8;
const settings = soakSettings();
let testDb: TestDatabase;
let smtp: SmtpRecorder;
let practice: SoakPractice;
let server: ReturnType<typeof restartableServer>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  practice = (await importSoakPractices(testDb.db, soakPracticeConfig('soak-crash', { providers: CLIENTS })))[
    'soak-crash'
  ]!;
  smtp = await startSmtpRecorder();
  server = restartableServer({
    DATABASE_URL: testDb.url!,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Chairtime <no-reply@soak.example>',
  });
  await server.start();
});
afterAll(async () => {
  await server?.kill();
  await smtp?.close();
  await testDb?.destroy();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('crash', () => {
  it(`SIGKILL ${settings.crashKills}× under load: each 2xx booked once, none half-written, all sent`, async () => {
    const client = createHttpClient({ connections: CLIENTS });
    const tag = `crash${Date.now()}`;
    const firstDay = addDays(localDateOf(new Date(), SOAK_ZONE), 1);
    const acknowledged: { appointmentId: string; email: string }[] = [];
    const resent: { appointmentId: string; resentAt: number }[] = [];
    const unexpected: unknown[] = [];
    let isStopping = false;

    async function challenge(): Promise<string> {
      for (;;) {
        try {
          return await solvedChallengeFrom(await server.base());
        } catch {
          await sleep(100); // the process died under the request
        }
      }
    }

    async function bookInTurn(clientIndex: number) {
      const provNum = clientIndex + 1;
      for (let k = 0; !isStopping; k++) {
        const minute = 7 * 60 + (k % 48) * 15;
        const start = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:00`;
        const slot = {
          DateTimeStart: `${addDays(firstDay, Math.floor(k / 48))} ${start}`,
          DateTimeEnd: '',
          ProvNum: provNum,
          OpNum: provNum,
        };
        const email = `c${clientIndex}-${k}-${tag}@soak.example`;
        const body = { ...soakBooking(practice, slot, { n: clientIndex * 100_000 + k, tag, email }), end_time: start };
        const headers = { 'x-bot-challenge': await challenge(), 'idempotency-key': `${tag}-${clientIndex}-${k}` };
        for (let attempt = 0; ; attempt++) {
          const outcome = await client.post(`${await server.base()}/api/v1/appointment`, body, headers);
          if (outcome.status === null) continue; // killed before answering: the same request again
          if (outcome.status !== 201) {
            unexpected.push({ status: outcome.status, body: outcome.body });
            break;
          }
          const appointmentId = (outcome.body as { result: { appointment_id: string } }).result.appointment_id;
          acknowledged.push({ appointmentId, email });
          if (attempt > 0) resent.push({ appointmentId, resentAt: outcome.startedAt });
          break;
        }
      }
    }

    const clients = Array.from({ length: CLIENTS }, (_, i) => bookInTurn(i));
    for (let kill = 0; kill < settings.crashKills; kill++) {
      await sleep(500 + Math.random() * 2_000);
      await server.kill('SIGKILL');
      await server.start();
    }
    await sleep(2_000);
    isStopping = true;
    await Promise.all(clients);
    client.close();

    // What 5 minutes would do: the leases of jobs the killed processes had claimed run out.
    const lastStart = new Date(server.startedAt.at(-1)!);
    const [orphaned] = await testDb.db.query<{ n: number }>(
      `with ended as (update jobs set locked_until = now() where status = 'running' and updated_at < $1
         returning 1) select count(*)::int as n from ended`,
      [lastStart],
    );
    const jobs = await waitForMessagesToSettle(testDb.db, 90_000);

    const [committedBeforeKill] = await testDb.db.query<{ n: number }>(
      `select count(*)::int as n from appointments a join unnest($1::uuid[], $2::timestamptz[]) r(id, at) on
         r.id = a.id where a.created_at < r.at`,
      [resent.map((r) => r.appointmentId), resent.map((r) => new Date(r.resentAt))],
    );
    const deliveries = deliveriesByKey(smtp.state.mails);
    const expectedKeys = acknowledged.flatMap((b) => [
      `booking-confirmation:${b.appointmentId}`,
      `booking-notification:${b.appointmentId}`,
    ]);
    const repeats = [...deliveries.values()].filter((n) => n > 1).length;
    report(
      'crash kills',
      `${settings.crashKills} SIGKILLs, ${acknowledged.length} bookings acknowledged, ` +
        `${resent.length} requests unanswered at a kill and sent again (${committedBeforeKill!.n} had ` +
        `committed before the kill and were answered from the idempotency record)`,
    );
    report(
      'crash messages',
      `${expectedKeys.length} expected, ${new Set(smtp.state.mails.map((m) => m.messageId)).size} ` +
        `distinct Message-IDs received, ${repeats} delivered twice (same Message-ID), ${orphaned!.n} ` +
        `claims of killed processes released; jobs ${JSON.stringify(jobs)}`,
    );

    expect(unexpected, server.output()).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(settings.crashKills * CLIENTS);
    await expectBookingsIntact(testDb.db, acknowledged);
    // One burnt bot check and one idempotency record per booking: all or nothing of each transaction.
    const [counts] = await testDb.db.query<{ appointments: number; keys: number; challenges: number }>(
      `select (select count(*)::int from appointments) as appointments, (select count(*)::int from idempotency_keys)
         as keys,
              (select count(*)::int from used_bot_challenges) as challenges`,
    );
    expect(counts).toEqual({
      appointments: acknowledged.length,
      keys: acknowledged.length,
      challenges: acknowledged.length,
    });

    expect(jobs).toEqual({ done: expectedKeys.length });
    expect(expectedKeys.filter((key) => !deliveries.has(key))).toEqual([]);
    const expected = new Set(expectedKeys);
    expect([...deliveries.keys()].filter((key) => !expected.has(key))).toEqual([]);
    expect(new Set(smtp.state.mails.map((m) => m.messageId)).size).toBe(expectedKeys.length);
  });
});
