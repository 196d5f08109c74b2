import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import type { Database } from '#server/db/database.ts';
import { scheduleReminders } from '#server/features/reminders/reminder-jobs.ts';
import { createJobWorker } from '#server/jobs/job-worker.ts';
import { seedBenchPractice } from './bench-practice.ts';
import type { Row } from './bench-table.ts';

export interface RemindersBenchResult {
  database: string;
  bookings: number;
  /** From the first worker pass until every reminder's e-mail and text was handed to its provider (the outbox). */
  seconds: number;
  emails: number;
  texts: number;
}

/**
 * A minute's worth of reminders (ADR 0037): `count` booked visits a day ahead, each with an e-mail
 * and a text reminder due now, planned by the booking's own call; the timed part is the app's job
 * worker (its handlers, the local outbox as provider) working through them, as a server would.
 */
export async function benchReminders(db: Database, count: number): Promise<RemindersBenchResult> {
  const seed = await seedBenchPractice(db, 'bench-reminders');
  await db.query(
    `update practices
        set reminder_rules = '[{"before_hours": 24, "channels": ["email", "text"]}]',
            quiet_hours = '{"start": "00:00", "end": "00:00"}'
      where id = $1`,
    [seed.practiceId],
  );
  const now = new Date();
  const [patient] = await db.query<{ id: string }>(
    `insert into patients (practice_id, first_name, last_name, dob)
     values ($1, 'Bench', 'Patient', '1980-01-01') returning id`,
    [seed.practiceId],
  );
  const rows = await db.query<{ id: string }>(
    `insert into appointments (practice_id, reason_id, patient_id, pms_prov_num, pms_op_num, starts_at, ends_at, status,
       email, wireless_phone, is_concented, consented_at, language, created_at, updated_at)
     select $1, $2, $3, 5000 + i, 5000 + i, $4::timestamptz, $4::timestamptz + interval '30 minutes',
            'booked', 'remind' || i || '@bench.example', '+1' || (5125550000 + i)::text, true, $5, 'en', $5, $5
       from generate_series(1, $6::int) i
     returning id`,
    [
      seed.practiceId,
      seed.reasonId,
      patient!.id,
      new Date(now.getTime() + 24 * 3_600_000 - 5_000).toISOString(),
      now.toISOString(),
      count,
    ],
  );
  await db.query(
    `insert into contact_consents (practice_id, appointment_id, channel, recipient, granted, source, words, recorded_at)
     select a.practice_id, a.id, c.channel, case c.channel when 'email' then a.email else a.wireless_phone end,
            true, 'booking_form', 'I agree', $2
       from appointments a cross join (values ('email'), ('sms')) c(channel) where a.id = any($1::uuid[])`,
    [rows.map((row) => row.id), now.toISOString()],
  );
  for (const row of rows) await scheduleReminders(db, row.id, new Date(now.getTime() - 60_000));

  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, db, logger: false });
  try {
    const silent = { warn: () => undefined, error: () => undefined };
    const worker = createJobWorker({ db, clock: app.clock, handlers: app.background.jobHandlers, logger: silent });
    const started = performance.now();
    while ((await worker.runDueJobs()) > 0) {
      /* a busy worker: the next pass at once */
    }
    const seconds = (performance.now() - started) / 1000;
    const [sent] = await db.query<{ emails: number; texts: number }>(
      `select count(*) filter (where channel = 'email' and recipient like 'remind%@bench.example')::int as emails,
              count(*) filter (where channel = 'sms' and text like '%reminder of your appointment%')::int as texts
         from outbox_messages`,
    );
    return { database: db.kind, bookings: count, seconds, emails: sent!.emails, texts: sent!.texts };
  } finally {
    await app.close();
  }
}

export function remindersRows(r: RemindersBenchResult): Row[] {
  return [
    {
      figure:
        `reminders on ${r.database}: ${r.bookings} due in one minute, ` +
        'each an e-mail and a text, handed to the providers (outbox)',
      value:
        `${r.seconds.toFixed(1)} s (${Math.round((r.emails + r.texts) / r.seconds)} messages/s); ` +
        `${r.emails} e-mails, ${r.texts} texts`,
      budget: '< 60 s, every one once',
      ok: r.seconds < 60 && r.emails === r.bookings && r.texts === r.bookings,
    },
  ];
}
