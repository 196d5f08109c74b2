import { describe, expect, it } from 'vitest';
import { createOutboxMailAdapter } from '../../adapters/mail/outbox-mail-adapter.ts';
import type { MailAdapter } from '../../adapters/mail/mail-adapter.ts';
import { createOutboxSmsAdapter } from '../../adapters/sms/outbox-sms-adapter.ts';
import { createJobWorker } from '../../jobs/job-worker.ts';
import { createMessageJobHandlers } from '../../jobs/message-jobs.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { bookVisit, postBooking } from '../../test/booking-requests.ts';
import { deliverDueMessages } from '../../test/message-delivery.ts';
import { NEW_YORK_OFFICE, withPracticeApp } from '../../test/practice-app.ts';
import { reasonId } from '../../test/practice-factory.ts';
import { fixedClock } from '../../test/test-app.ts';

const clock = fixedClock('2026-03-02T12:00:00Z');
const silent = { warn: () => undefined, error: () => undefined };

const ctx = withPracticeApp({
  clock,
  practices: [
    NEW_YORK_OFFICE,
    // Open Dental without a running connector: the schedule cannot answer ("Proceed Without Slots").
    {
      form_url: 'offline',
      name: 'Offline Practice',
      notification_email: 'desk@offline.example',
      pms: { type: 'opendental', customer_key: 'abc' },
    },
  ],
});

const book = (overrides: Record<string, unknown>) =>
  bookVisit(ctx.app, { practiceId: ctx.practiceId, reasonId: ctx.reasonId('Exam'), ...overrides });

const outbox = () =>
  ctx.db.query<{
    recipient: string;
    subject: string;
    text: string;
    attachments: { filename: string; content: string }[] | null;
  }>('select recipient, subject, text, attachments from outbox_messages order by seq');

describe('booking messages', () => {
  it('sends the patient a confirmation with a calendar file and tells the practice, once', async () => {
    const appointmentId = await book({ start_time: '09:00:00', end_time: '09:30:00' });
    expect(await deliverDueMessages(ctx.db, clock)).toBe(2);
    expect(await deliverDueMessages(ctx.db, clock)).toBe(0);
    const messages = await outbox();
    const toPatient = messages.find((m) => m.recipient === 'ana.lopez@example.com');
    const toPractice = messages.find((m) => m.recipient === 'office@test-practice.example');
    expect(messages).toHaveLength(2);
    expect(toPatient).toMatchObject({
      recipient: 'ana.lopez@example.com',
      subject: 'Your appointment at Test Practice: Tuesday, March 3, 2026 at 09:00 AM (EST)',
    });
    expect(toPatient!.text).toContain('Where: Test Practice, 1 Main St');
    expect(toPatient!.text).toContain('Phone: (212) 555-0100');
    expect(toPatient!.text).toContain('Reason: Exam');
    expect(toPatient!.text).toContain('Provider: Dr. One');
    const ics = toPatient!.attachments![0]!;
    expect(ics.filename).toBe('appointment.ics');
    expect(ics.content).toContain(`UID:${appointmentId}@chairtime`);
    expect(ics.content).toContain('DTSTART:20260303T140000Z');
    expect(ics.content).toContain('DTEND:20260303T143000Z');
    expect(toPractice).toMatchObject({
      recipient: 'office@test-practice.example',
      subject: 'New booking: Ana Lopez, Tuesday, March 3, 2026 at 09:00 AM (EST)',
    });
    expect(toPractice!.text).toContain(`Appointment id: ${appointmentId}`);
    // The reference the patient reads over the phone is in both messages.
    const [{ reference }] = (await ctx.db.query<{ reference: string }>(
      'select reference from appointments where id = $1',
      [appointmentId],
    )) as [{ reference: string }];
    expect(toPatient!.text).toContain(`Reference: ${reference}`);
    expect(toPractice!.text).toContain(`Reference: ${reference}`);
  });

  it('greets the one who booked for someone else and names the patient, with the time zone', async () => {
    await ctx.db.query('delete from outbox_messages');
    await book({
      start_time: '11:00:00',
      end_time: '11:30:00',
      email: 'parent@example.com',
      first_name: 'Leo',
      last_name: 'Park',
      is_patient: false,
      booker_first_name: 'Mina',
      booker_last_name: 'Park',
      booker_dob: '1980-05-06',
    });
    await deliverDueMessages(ctx.db, clock);
    const toBooker = (await outbox()).find((m) => m.recipient === 'parent@example.com')!;
    expect(toBooker.subject).toBe(
      'Appointment for Leo Park at Test Practice: Tuesday, March 3, 2026 at 11:00 AM (EST)',
    );
    expect(toBooker.text).toMatch(/^Hello Mina,\n\nThe appointment you booked for Leo Park is booked\.\n/);
    expect(toBooker.text).toContain('When: Tuesday, March 3, 2026 at 11:00 AM (EST)');
  });

  it('writes the confirmation and calendar file in the booking’s language, the office’s in English', async () => {
    await ctx.db.query('delete from outbox_messages');
    await book({
      start_time: '15:00:00',
      end_time: '15:30:00',
      email: 'lucia@example.com',
      first_name: 'Lucía',
      language: 'es',
    });
    await deliverDueMessages(ctx.db, clock);
    const messages = await outbox();
    const toPatient = messages.find((m) => m.recipient === 'lucia@example.com')!;
    expect(toPatient.subject).toBe('Su cita en Test Practice: martes, 3 de marzo de 2026, 3:00 p.m. (EST)');
    expect(toPatient.text).toMatch(/^Hola, Lucía:\n\nSu cita quedó reservada\.\n/);
    expect(toPatient.text).toContain('Cuándo: martes, 3 de marzo de 2026, 3:00 p.m. (EST)');
    expect(toPatient.text).toContain('Dónde: Test Practice, 1 Main St');
    expect(toPatient.text).toContain('Teléfono: (212) 555-0100');
    expect(toPatient.text).toContain('Profesional: Dr. One');
    expect(toPatient.text).toContain('Se adjunta un archivo de calendario.');
    const ics = toPatient.attachments![0]!.content.replace(/\r\n /g, '');
    expect(ics).toContain('SUMMARY:Exam en Test Practice');
    expect(ics).toContain('DESCRIPTION:Cuándo: martes\\, 3 de marzo de 2026\\, 3:00 p.m. (EST)\\n');
    const toPractice = messages.find((m) => m.recipient === 'office@test-practice.example')!;
    expect(toPractice.subject).toBe('New booking: Lucía Lopez, Tuesday, March 3, 2026 at 03:00 PM (EST)');
    expect(toPractice.text).toContain('When: Tuesday, March 3, 2026 at 03:00 PM (EST)');
  });

  it("sets the patient's words apart in the practice's e-mail, so they cannot forge its lines", async () => {
    await ctx.db.query('delete from outbox_messages');
    await book({
      start_time: '14:00:00',
      end_time: '14:30:00',
      email: 'forger@example.com',
      first_name: 'Ana\nPatient',
      message:
        'See you soon.\r\nPatient: Mallory Evil, born 1970-01-01\u2028Phone: +15550000000\rEmail: evil@example.com',
    });
    await deliverDueMessages(ctx.db, clock);
    const toPractice = (await outbox()).find((m) => m.recipient === 'office@test-practice.example')!;
    const lines = toPractice.text.split('\n');
    // Exactly one line of each kind is ours; the patient's copies are quoted under a label.
    expect(lines.filter((line) => line.startsWith('Patient:'))).toEqual([
      'Patient: Ana Patient Lopez, born 1990-04-12, New Patient',
    ]);
    expect(lines.filter((line) => line.startsWith('Phone:'))).toEqual([
      'Phone: (212) 555-0100',
      'Phone: (512) 555-0123',
    ]);
    expect(lines.filter((line) => line.startsWith('Email:'))).toEqual(['Email: forger@example.com']);
    const label = lines.indexOf('Details from the booking form:');
    expect(lines.slice(label + 1, label + 5)).toEqual([
      '> See you soon.',
      '> Patient: Mallory Evil, born 1970-01-01',
      '> Phone: +15550000000',
      '> Email: evil@example.com | Reason: Exam | No Insurance | Booked online via Chairtime',
    ]);
  });

  it('keeps the booking when mail is down and delivers once it is back', async () => {
    await ctx.db.query('delete from outbox_messages');
    await book({ start_time: '10:00:00', end_time: '10:30:00', email: 'later@example.com' });
    let isDown = true;
    const real = createOutboxMailAdapter(ctx.db);
    const flaky: MailAdapter = {
      send: (message) =>
        isDown ? Promise.resolve({ ok: false, error: 'SMTP down', retryable: true }) : real.send(message),
    };
    const worker = createJobWorker({
      db: ctx.db,
      clock,
      handlers: createMessageJobHandlers({ mail: flaky, sms: createOutboxSmsAdapter(ctx.db) }),
      logger: silent,
    });
    await worker.runDueJobs();
    expect(await outbox()).toHaveLength(0);
    isDown = false;
    clock.advance(10 * 60_000);
    await worker.runDueJobs();
    clock.set('2026-03-02T12:00:00Z');
    expect((await outbox()).map((m) => m.recipient).sort()).toEqual([
      'later@example.com',
      'office@test-practice.example',
    ]);
  });

  it('tells the practice about a request made without a time while its schedule is unavailable', async () => {
    await ctx.db.query('delete from outbox_messages');
    const response = await postBooking(
      ctx.app,
      bookingBody({
        practice_id: ctx.practiceIds['offline']!,
        rfv_id: await reasonId(ctx.db, ctx.practiceIds['offline']!, 'Exam'),
        apt_date: null,
        start_time: null,
        end_time: null,
        pms_prov_num: 0,
        pms_op_num: 0,
        email: 'no-slot@example.com',
      }),
    );
    expect(response.status).toBe(201);
    const appointmentId = response.body.result.appointment_id as string;
    expect(response.body.result).toMatchObject({ status: 'requested', apt_date: null });
    // Nothing is sent inside the request: the job worker delivers it.
    expect(await outbox()).toHaveLength(0);
    expect(await deliverDueMessages(ctx.db, clock)).toBeGreaterThan(0);
    const toPractice = (await outbox()).filter((m) => m.recipient === 'desk@offline.example');
    expect(toPractice).toHaveLength(1);
    expect(toPractice[0]!.subject).toBe('New appointment request (no time chosen): Ana Lopez');
    expect(toPractice[0]!.text).toContain('Please call them to agree a time');
    expect(toPractice[0]!.text).toContain('Phone: (512) 555-0123');
    expect(toPractice[0]!.text).toContain(`Appointment id: ${appointmentId}`);
    // No other practice hears about it.
    expect((await outbox()).some((m) => m.recipient === 'office@test-practice.example')).toBe(false);
  });
});
