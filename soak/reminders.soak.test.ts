import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleReminders } from '#server/features/reminders/reminder-jobs.ts';
import { createTestDatabase, type TestDatabase } from '#server/test/test-database.ts';
import { restartableServer } from './support/restartable-server.ts';
import { importSoakPractices, soakPracticeConfig, type SoakPractice } from './support/soak-practices.ts';
import { report } from './support/soak-settings.ts';
import { startTwilioStandIn } from './support/twilio-stand-in.ts';

/**
 * Reminders due in the same minute (ADR 0037): a thousand bookings, each with an e-mail and a text
 * reminder due now, handed to the providers by one server process. First a clean round, timed;
 * then a second thousand with the process killed (SIGKILL) in the middle and started again.
 * Every reminder must reach its provider exactly once: the outbox (e-mail, which keeps one message
 * per idempotency key) and the Twilio stand-in (texts, which keeps every request it gets: a retry
 * after the kill must first ask Twilio what already went, and not send again).
 */
const BOOKINGS = Number(process.env.SOAK_REMINDERS ?? 1_000);
const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
let testDb: TestDatabase;
let twilio: Awaited<ReturnType<typeof startTwilioStandIn>>;
let practice: SoakPractice;
let server: ReturnType<typeof restartableServer>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  // One text and one e-mail a day before; no quiet hours, so the texts are due whatever the hour of the run.
  const config = {
    ...soakPracticeConfig('soak-remind', { providers: 1 }),
    reminder_rules: [{ before_hours: 24, channels: ['email', 'text'] }],
    quiet_hours: { start: '00:00', end: '00:00' },
  };
  practice = (await importSoakPractices(testDb.db, config))['soak-remind']!;
  twilio = await startTwilioStandIn();
  server = restartableServer({
    DATABASE_URL: testDb.url!,
    TWILIO_ACCOUNT_SID: ACCOUNT_SID,
    TWILIO_AUTH_TOKEN: 'soak-twilio-auth-token-0123',
    TWILIO_FROM: '+15125550100',
    TWILIO_API_URL: twilio.url,
  });
});
afterAll(async () => {
  await server?.kill();
  await twilio?.close();
  await testDb?.destroy();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A thousand booked visits a day ahead less a few seconds, each on a provider and chair of its own
 * (so they may share the minute), with the booking's consent, and their reminders planned by the
 * same call a booking makes. Returns the tag their addresses carry.
 */
async function bookThousand(round: string, phoneBase: number): Promise<void> {
  const now = new Date();
  const [patient] = await testDb.db.query<{ id: string }>(
    `insert into patients (practice_id, first_name, last_name, dob) values ($1, 'Soak', $2, '1980-01-01') returning id`,
    [practice.id, round],
  );
  const rows = await testDb.db.query<{ id: string }>(
    `insert into appointments (practice_id, reason_id, patient_id, pms_prov_num, pms_op_num, starts_at, ends_at,
       status, email, wireless_phone, is_concented, consented_at, language, created_at, updated_at)
     select $1, $2, $3, $9::int + i, $9::int + i, $4::timestamptz, $4::timestamptz + interval '30 minutes', 'booked',
            $5 || i || '@soak.example', '+1' || ($6::bigint + i)::text, true, $7, 'en', $7, $7
       from generate_series(1, $8) i
     returning id`,
    [
      practice.id,
      practice.reasonId,
      patient!.id,
      new Date(now.getTime() + 24 * 3_600_000 - 5_000).toISOString(),
      `${round}.`,
      phoneBase,
      now.toISOString(),
      BOOKINGS,
      phoneBase % 100_000,
    ],
  );
  await testDb.db.query(
    `insert into contact_consents (practice_id, appointment_id, channel, recipient, granted, source, words, recorded_at)
     select a.practice_id, a.id, c.channel, case c.channel when 'email' then a.email else a.wireless_phone end, true,
     'booking_form', 'I agree to receive text and email from Soak', $2
       from appointments a cross join (values ('email'), ('sms')) c(channel)
      where a.id = any($1::uuid[])`,
    [rows.map((row) => row.id), now.toISOString()],
  );
  for (const row of rows) await scheduleReminders(testDb.db, row.id, new Date(now.getTime() - 60_000));
}

async function handedOver(round: string) {
  const [email] = await testDb.db.query<{ n: number; keys: number }>(
    `select count(*)::int as n, count(distinct idempotency_key)::int as keys from outbox_messages where channel
       = 'email' and recipient like $1`,
    [`${round}.%`],
  );
  const texts = twilio.state.texts.filter(
    (text) =>
      text.body.includes('reminder of your appointment') &&
      text.to.startsWith(round === 'clean' ? '+1512555' : '+1512556'),
  );
  return {
    emails: email!.n,
    emailKeys: email!.keys,
    texts: texts.length,
    textRecipients: new Set(texts.map((text) => text.to)).size,
  };
}

async function waitFor(round: string, deadlineMs: number) {
  for (;;) {
    const counts = await handedOver(round);
    if ((counts.emails >= BOOKINGS && counts.texts >= BOOKINGS) || Date.now() > deadlineMs) return counts;
    await sleep(100);
  }
}

describe('reminders due in the same minute', () => {
  it(`hands ${BOOKINGS} e-mail and ${BOOKINGS} text reminders over once each, even across a SIGKILL`, async () => {
    await bookThousand('clean', 5_125_550_000);
    await server.start();
    // From the moment the process answers its health check: its worker starts with it.
    const started = Date.now();
    const clean = await waitFor('clean', Date.now() + 240_000);
    const cleanMs = Date.now() - started;
    report(
      'reminders handed over',
      `${BOOKINGS} e-mails and ${BOOKINGS} texts due in one minute handed to the providers in ` +
        `${(cleanMs / 1000).toFixed(1)} s from the server's start (health check answered) ` +
        `(${Math.round((2 * BOOKINGS) / (cleanMs / 1000))} messages/s)`,
    );
    expect(clean).toEqual({ emails: BOOKINGS, emailKeys: BOOKINGS, texts: BOOKINGS, textRecipients: BOOKINGS });

    await server.kill();
    await bookThousand('crash', 5_125_560_000);
    await server.start();
    // Killed in the middle: once about a third of the texts went.
    for (
      const deadline = Date.now() + 120_000;
      (await handedOver('crash')).texts < BOOKINGS / 3 && Date.now() < deadline;
    )
      await sleep(20);
    const atKill = await handedOver('crash');
    await server.kill();
    // What the lease (5 minutes) would do: the killed process's claims run out now.
    const [released] = await testDb.db.query<{ n: number }>(
      `with ended as (update jobs set locked_until = now() where status = 'running' returning 1) select
         count(*)::int as n from ended`,
    );
    const [inDoubt] = await testDb.db.query<{ n: number }>(
      `select count(*)::int as n from message_deliveries where handoff_at is not null`,
    );
    await server.start();
    const crashed = await waitFor('crash', Date.now() + 240_000);
    await sleep(1_000);
    const settled = await handedOver('crash');
    const jobs = await testDb.db.query<{ type: string; status: string; n: number }>(
      `select type, status, count(*)::int as n from jobs where type in ('reminder.send', 'sms.send',
         'email.send') group by type, status order by type, status`,
    );
    report(
      'reminders across a SIGKILL',
      `killed after ${atKill.texts} texts and ${atKill.emails} e-mails; ${released!.n} claims ` +
        `released, ${inDoubt!.n} hand-offs in doubt, ${twilio.state.lookups} asked of Twilio after the ` +
        `restart; in the end ${settled.emails} e-mails and ${settled.texts} texts to ` +
        `${settled.textRecipients} numbers; jobs ${JSON.stringify(jobs)}`,
    );
    expect(crashed.emails).toBe(BOOKINGS);
    expect(settled).toEqual({ emails: BOOKINGS, emailKeys: BOOKINGS, texts: BOOKINGS, textRecipients: BOOKINGS });
    expect(jobs.filter((row) => row.status !== 'done')).toEqual([]);
  });
});
