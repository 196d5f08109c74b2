import { beforeEach, describe, expect, it } from 'vitest';
import { manageApiPath, type ManagedAppointment } from '#domain/booking/manage-schemas.ts';
import { smsSegments } from '../../i18n/sms-segments.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { solveBotChallenge } from '../../test/bot-challenge.ts';
import { runAppJobs } from '../../test/app-jobs.ts';
import { NEW_YORK_OFFICE, withPracticeApp } from '../../test/practice-app.ts';
import { fixedClock } from '../../test/test-app.ts';

// Reminders (ADR 0037): planned with the booking, moved with it, dropped with a cancellation, late
// only while useful, confirmed by a reply. Monday 2 March 2026, 07:00 in New York (EST).
const clock = fixedClock('2026-03-02T12:00:00Z');
let phoneCounter = 200;

const ctx = withPracticeApp({ clock, practices: [NEW_YORK_OFFICE] });
beforeEach(() => clock.set('2026-03-02T12:00:00Z'));

/** A booking by its own patient (e-mail and phone), so each test reads only its own messages. */
async function book(slot: { date: string; time: string }, extra: Record<string, unknown> = {}) {
  phoneCounter += 1;
  const patient = {
    email: `patient${phoneCounter}@example.com`,
    wireless_phone: `+1512555${String(phoneCounter).padStart(4, '0')}`,
  };
  const [hours, minutes] = slot.time.split(':').map(Number) as [number, number];
  const endHours = String(hours + Math.floor((minutes + 30) / 60)).padStart(2, '0');
  const end = `${endHours}:${String((minutes + 30) % 60).padStart(2, '0')}:00`;
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/appointment',
    payload: bookingBody({
      practice_id: ctx.practiceId,
      rfv_id: ctx.reasonId('Exam'),
      apt_date: slot.date,
      start_time: slot.time,
      end_time: end,
      ...patient,
      ...extra,
    }),
    headers: { 'x-bot-challenge': await solveBotChallenge(ctx.app) },
  });
  expect(response.statusCode, response.body).toBe(201);
  const result = response.json().result as { appointment_id: string; manage_path: string };
  return { id: result.appointment_id, token: result.manage_path.split('/').at(-1)!, ...patient };
}

const runJobs = () => runAppJobs(ctx, clock);

const outbox = (recipient: string) =>
  ctx.db.query<{ subject: string | null; text: string; html: string | null; headers: Record<string, string> }>(
    'select subject, text, html, headers from outbox_messages where recipient = $1 order by seq',
    [recipient],
  );
const reminders = async (recipient: string) =>
  (await outbox(recipient)).filter((message) => message.subject?.startsWith('Reminder') || message.subject === null);
const reminderJobs = (appointmentId: string) =>
  ctx.db.query<{ run_at: Date; status: string; last_error: string | null; payload: { channel: string } }>(
    `select run_at, status, last_error, payload from jobs where type = 'reminder.send' and
       payload->>'appointmentId' = $1 order by run_at, dedupe_key`,
    [appointmentId],
  );
const status = async (id: string) =>
  (await ctx.db.query<{ status: string }>('select status from appointments where id = $1', [id]))[0]!.status;
const reply = (from: string, body: string) =>
  ctx.app.inject({ method: 'POST', url: '/_dev/sms/reply', payload: { from, body } });

describe('planning', () => {
  it('queues an e-mail 48 hours and a text 24 hours before the visit, and neither before they are due', async () => {
    // Thursday 5 March, 10:00 EST.
    const made = await book({ date: '2026-03-05', time: '10:00:00' });
    const jobs = await reminderJobs(made.id);
    expect(jobs.map((job) => [job.payload.channel, job.run_at.toISOString()])).toEqual([
      ['email', '2026-03-03T15:00:00.000Z'],
      ['text', '2026-03-04T15:00:00.000Z'],
    ]);
    await runJobs();
    expect(await reminders(made.wireless_phone)).toEqual([]);
  });
});

describe('sending and confirming', () => {
  it('sends the e-mail with a Confirm button and one-click unsubscribe, then the text; C confirms', async () => {
    const made = await book({ date: '2026-03-05', time: '10:00:00' }, { pms_prov_num: 2, pms_op_num: 2 });
    await runJobs();

    clock.set('2026-03-03T15:00:05Z');
    await runJobs();
    const [email] = (await outbox(made.email)).filter((message) => message.subject?.startsWith('Reminder'));
    expect(email!.subject).toBe(
      'Reminder: your appointment at Test Practice, Thursday, March 5, 2026 at 10:00 AM (EST)',
    );
    expect(email!.text).toMatch(
      new RegExp(
        /Please confirm that you will come: /.source +
          /http:\/\/localhost:\d+\/test-practice\/appointment\/[\w-]{32}\?lang=en&confirm/.source,
      ),
    );
    expect(email!.text).toContain('Provider: Dr. Two');
    // The reason stays off by default (a lock screen is public).
    expect(email!.text).not.toContain('Exam');
    expect(email!.html).toMatch(
      /<a href="http:\/\/localhost:\d+\/test-practice\/appointment\/[\w-]{32}\?lang=en&amp;confirm"[^>]*>Confirm<\/a>/,
    );
    expect(email!.headers['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:\d+\/api\/v1\/unsubscribe\/[\w-]{32}>$/);
    expect(email!.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

    clock.set('2026-03-04T15:00:05Z');
    await runJobs();
    const [text] = await outbox(made.wireless_phone);
    expect(text!.text).toMatch(
      new RegExp(
        /^Test Practice: reminder of your appointment Thursday, March 5, 2026 at 10:00 AM \(EST\) /.source +
          /with Dr\. Two, Test Practice, 1 Main St.*Questions: \(212\) 555-0100\. See, change or cancel: /.source +
          /http:\/\/localhost:\d+\/test-practice\/appointment\/[\w-]{32}\?lang=en /.source +
          /Reply C to confirm\.\nReply STOP to opt out$/.source,
      ),
    );
    // ADR 0037's count for a reminder with its link, the opt-out line included (ADR 0062).
    const { encoding, segments } = smsSegments(text!.text!);
    expect(encoding).toBe('GSM-7');
    expect(segments).toBeLessThanOrEqual(4);

    const confirmed = await reply(made.wireless_phone, ' c. ');
    expect(confirmed.json()).toEqual({
      reply: 'Thank you! Your appointment at Test Practice on Thursday, March 5, 2026 at 10:00 AM (EST) is confirmed.',
    });
    expect(await status(made.id)).toBe('confirmed');
    await runJobs();
    expect((await outbox('office@test-practice.example')).map((m) => m.subject)).toContain(
      'Confirmed by the patient: Ana Lopez, Thursday, March 5, 2026 at 10:00 AM (EST)',
    );
    const view = (await ctx.app.inject({ method: 'GET', url: manageApiPath(made.token) })).json()
      .result as ManagedAppointment;
    expect(view.confirmation).toEqual({ is_confirmed: true, can_confirm: false });
    // Again (ADR 0037): the reminded visit is confirmed already, and nothing else is.
    expect((await reply(made.wireless_phone, 'YES')).json().reply).toBe(
      'Your appointment at Test Practice on Thursday, March 5, 2026 at 10:00 AM (EST) is already confirmed. Thank you!',
    );

    const deliveries = await ctx.db.query<{ channel: string; kind: string; status: string }>(
      'select channel, kind, status from message_deliveries where appointment_id = $1 order by created_at, channel',
      [made.id],
    );
    expect(deliveries).toEqual(
      expect.arrayContaining([
        { channel: 'email', kind: 'booking-confirmation', status: 'sent' },
        { channel: 'email', kind: 'reminder', status: 'sent' },
        { channel: 'sms', kind: 'reminder', status: 'sent' },
      ]),
    );
  });

  it('confirms from the manage page, once, and says so in a later reminder', async () => {
    const made = await book({ date: '2026-03-05', time: '11:00:00' });
    const first = await ctx.app.inject({ method: 'POST', url: manageApiPath(made.token, 'confirm') });
    expect(first.statusCode, first.body).toBe(200);
    expect((first.json().result as ManagedAppointment).confirmation).toEqual({
      is_confirmed: true,
      can_confirm: false,
    });
    expect((await ctx.app.inject({ method: 'POST', url: manageApiPath(made.token, 'confirm') })).statusCode).toBe(200);
    clock.set('2026-03-04T16:00:05Z');
    await runJobs();
    expect((await outbox(made.wireless_phone))[0]!.text).toMatch(
      /You have confirmed\. Thank you!\nReply STOP to opt out$/,
    );
  });

  it('answers in Spanish to a Spanish booking’s reminder', async () => {
    const made = await book({ date: '2026-03-05', time: '14:00:00' }, { language: 'es' });
    clock.set('2026-03-04T19:00:05Z');
    await runJobs();
    const answer = await reply(made.wireless_phone, '¡Sí!');
    expect(answer.json().reply).toMatch(
      /^¡Gracias! Su cita en Test Practice el jueves, 5 de marzo de 2026, 2:00 p\.\s?m\. \(EST\) está confirmada\.$/,
    );
  });
});

describe('moves, cancellations and outages', () => {
  it('moves the reminders with a reschedule: the old ones skip themselves, the new time gets its own', async () => {
    const made = await book({ date: '2026-03-05', time: '13:00:00' });
    const moved = await ctx.app.inject({
      method: 'POST',
      url: manageApiPath(made.token, 'reschedule'),
      payload: { apt_date: '2026-03-06', start_time: '13:00:00', pms_prov_num: 1 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    clock.set('2026-03-03T18:00:05Z');
    await runJobs();
    expect(await reminders(made.email)).toEqual([]);
    clock.set('2026-03-04T18:00:05Z');
    await runJobs();
    expect((await reminders(made.email)).map((m) => m.subject)).toEqual([
      'Reminder: your appointment at Test Practice, Friday, March 6, 2026 at 01:00 PM (EST)',
    ]);
    expect((await reminderJobs(made.id)).filter((job) => job.last_error?.startsWith('The booking moved'))).toHaveLength(
      2,
    );
  });

  it('sends nothing for a cancelled booking', async () => {
    const made = await book({ date: '2026-03-05', time: '15:00:00' });
    expect(
      (await ctx.app.inject({ method: 'POST', url: manageApiPath(made.token, 'cancel'), payload: {} })).statusCode,
    ).toBe(200);
    clock.set('2026-03-05T19:00:00Z');
    await runJobs();
    expect(await reminders(made.wireless_phone)).toEqual([]);
    expect((await reminderJobs(made.id)).map((job) => job.last_error)).toEqual([
      'The booking is no longer booked.',
      'The booking is no longer booked.',
    ]);
  });

  it('after an outage sends a late reminder only if useful, holds a text past quiet hours, never twice', async () => {
    const made = await book({ date: '2026-03-05', time: '16:00:00' });
    // Back at 20:30 EST on Wednesday, 16.5 hours before the 16:00 visit: the e-mail is still of use;
    // the text is too, but not at night: it waits for 08:00.
    clock.set('2026-03-05T01:30:00Z');
    await runJobs();
    expect((await reminders(made.email)).length).toBe(1);
    expect(await outbox(made.wireless_phone)).toEqual([]);
    clock.set('2026-03-05T13:00:01Z');
    await runJobs();
    await runJobs();
    expect((await outbox(made.wireless_phone)).length).toBe(1);
    expect((await reminders(made.email)).length).toBe(1);

    const tooLate = await book({ date: '2026-03-06', time: '09:00:00' });
    clock.set('2026-03-06T13:30:00Z');
    await runJobs();
    expect(await outbox(tooLate.wireless_phone)).toEqual([]);
    expect((await reminders(tooLate.email)).length).toBe(0);
  });
});

describe('consent', () => {
  it('sends no e-mail after unsubscribe, no text after STOP, recorded once; a new booking keeps them', async () => {
    const made = await book({ date: '2026-03-06', time: '10:00:00' });
    clock.set('2026-03-04T15:00:05Z');
    await runJobs();
    // The one-click POST a mail program sends (RFC 8058), read from the reminder's header.
    const [email] = await reminders(made.email);
    const oneClick = /^<http:\/\/localhost:\d+(\/api\/v1\/unsubscribe\/[\w-]{32})>$/.exec(
      email!.headers['List-Unsubscribe']!,
    )![1]!;
    const before = await ctx.app.inject({ method: 'GET', url: oneClick });
    expect(before.json().result).toEqual({
      practice: { name: 'Test Practice', form_url: 'test-practice' },
      email: 'p•••@example.com',
      is_unsubscribed: false,
    });
    for (let i = 0; i < 2; i += 1) {
      const posted = await ctx.app.inject({
        method: 'POST',
        url: oneClick,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(posted.statusCode, posted.body).toBe(200);
      expect(posted.json().result.is_unsubscribed).toBe(true);
    }
    expect((await reply(made.wireless_phone, 'STOP')).json()).toEqual({ reply: null });
    clock.set('2026-03-05T15:00:05Z');
    await runJobs();
    expect(await outbox(made.wireless_phone)).toEqual([]);

    const ledger = await ctx.db.query<{ channel: string; source: string; granted: boolean }>(
      `select channel, source, granted from contact_consents where recipient = any($1::text[]) order by seq`,
      [[made.email, made.wireless_phone]],
    );
    expect(ledger).toEqual([
      { channel: 'email', source: 'booking_form', granted: true },
      { channel: 'sms', source: 'booking_form', granted: true },
      { channel: 'email', source: 'unsubscribe_link', granted: false },
      { channel: 'sms', source: 'sms_reply', granted: false },
    ]);

    // The next booking ticks the box again (every booking must); the opt-outs still stand.
    const later = await book(
      { date: '2026-03-09', time: '10:00:00' },
      { email: made.email, wireless_phone: made.wireless_phone },
    );
    clock.set('2026-03-08T14:00:05Z');
    await runJobs();
    expect(await outbox(made.wireless_phone)).toEqual([]);
    expect((await reminderJobs(later.id)).map((job) => job.last_error)).toEqual([
      "The patient unsubscribed from this practice's reminder e-mails.",
      'The patient has not agreed to texts from this practice, or opted out.',
    ]);
  });

  it('answers an unknown unsubscribe token with a 404', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/unsubscribe/' + 'A'.repeat(32),
      payload: {},
    });
    expect(response.statusCode).toBe(404);
  });
});

describe('delivery reports', () => {
  it('records a failed text and follows it with the same reminder by e-mail', async () => {
    const made = await book({ date: '2026-03-05', time: '09:00:00' });
    clock.set('2026-03-04T14:00:05Z');
    await runJobs();
    const sid = `SM${'c'.repeat(32)}`;
    await ctx.db.query(
      `update message_deliveries set provider_message_id = $2 where appointment_id = $1 and channel = 'sms'`,
      [made.id, sid],
    );
    const form = (status: string, extra = '') => ({
      method: 'POST' as const,
      url: '/api/v1/sms/status',
      payload: `MessageSid=${sid}&MessageStatus=${status}${extra}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect((await ctx.app.inject(form('sent'))).statusCode).toBe(204);
    expect((await ctx.app.inject(form('undelivered', '&ErrorCode=30003'))).statusCode).toBe(204);
    // A late "sent" does not undo it.
    await ctx.app.inject(form('sent'));
    const [sms] = await ctx.db.query<{ status: string; error_code: string }>(
      `select status, error_code from message_deliveries where provider_message_id = $1`,
      [sid],
    );
    expect(sms).toEqual({ status: 'undelivered', error_code: '30003' });
    const emailsBefore = (await reminders(made.email)).length;
    await runJobs();
    expect((await reminders(made.email)).length).toBe(emailsBefore + 1);
    expect((await ctx.app.inject(form('nonsense'))).statusCode).toBe(400);
  });
});
