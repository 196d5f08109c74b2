import { describe, expect, it } from 'vitest';
import type { BookingBodyInput } from '#domain/booking/booking-schemas.ts';
import { odAppointment, odPatient, providerSchedule, type FakeOdRequest } from '../../test/fake-opendental-server.ts';
import { withOpenDentalBench } from '../../test/opendental-test-kit.ts';
import { fixedClock } from '../../test/test-app.ts';
import { OPENDENTAL_WRITE_JOB } from './pms-write-job.ts';
import { forceStatusForTest } from '../../test/status-fixture.ts';

// Monday 2 March 2026, 06:00 in Chicago. Every test books its own half hour on Tuesday 3 March.
const clock = fixedClock('2026-03-02T12:00:00Z');
const bench = withOpenDentalBench({
  clock,
  customerKey: 'office-w',
  schedules: [
    providerSchedule('2026-03-03', 1, '08:00', '12:00', [1]),
    providerSchedule('2026-03-03', 1, '14:00', '16:00', [1]),
  ],
  formUrl: 'od-writes',
  practice: { notification_email: 'office@example.com' },
});
const { ctx, fake, runJobs } = bench;
const book = (startTime: string, overrides: Partial<BookingBodyInput>) =>
  bench.book('2026-03-03', startTime, overrides);

async function writeState(appointmentId: string) {
  const [row] = await ctx.db.query<Record<string, unknown>>(
    `select a.status, a.pms_write_status, a.pms_apt_num, a.pms_pat_num, a.pms_write_error, j.status as job_status,
       j.attempts
       from appointments a left join jobs j on j.dedupe_key = $2 where a.id = $1`,
    [appointmentId, `${OPENDENTAL_WRITE_JOB}:${appointmentId}`],
  );
  return row!;
}

const officeMail = async (lastName: string) =>
  (
    await ctx.db.query<{ subject: string; text: string }>(
      `select subject, text from outbox_messages where recipient = 'office@example.com' and subject like $1
         order by seq`,
      [`%${lastName}%`],
    )
  ).filter((m) => !m.subject.startsWith('New'));

const calls = (requests: FakeOdRequest[]) =>
  requests.map((r) => `${r.method} ${r.path}${r.method === 'GET' ? `?${r.query}` : ''}`);

describe('writing bookings into Open Dental', () => {
  it('creates a new patient as Prospective and the appointment in office time, and keeps its AptNum', async () => {
    const id = await book('08:00', {});
    expect(await writeState(id)).toMatchObject({ status: 'booked', pms_write_status: 'pending', job_status: 'queued' });

    const requests = await runJobs();
    expect(calls(requests)).toEqual([
      'GET /patients/Simple?LName=Lopez&FName=Ana&Birthdate=1990-04-12',
      'POST /patients',
      'GET /appointments?date=2026-03-03',
      'POST /appointments',
    ]);
    expect(requests[1]!.body).toEqual({
      LName: 'Lopez',
      FName: 'Ana',
      Birthdate: '1990-04-12',
      Email: 'ana.lopez@example.com',
      WirelessPhone: '(512) 555-0123',
      PatStatus: 'Prospective',
    });
    const patNum = fake.office('office-w').patients.at(-1)!.PatNum;
    expect(requests[3]!.body).toEqual({
      PatNum: patNum,
      Op: 1,
      AptDateTime: '2026-03-03 08:00:00',
      Pattern: 'XXXXXX',
      ProvNum: 1,
      IsNewPatient: 'true',
      Note: 'First visit | Reason: Exam | No Insurance | Booked online via Chairtime',
    });
    const aptNum = fake.office('office-w').appointments.at(-1)!.AptNum;
    expect(await writeState(id)).toMatchObject({
      pms_write_status: 'written',
      pms_apt_num: aptNum,
      pms_pat_num: patNum,
      pms_write_error: null,
      job_status: 'done',
    });
  });

  it("finds the existing patient exactly, although Open Dental's search also returns near names", async () => {
    fake
      .office('office-w')
      .patients.push(
        odPatient({ PatNum: 70, FName: 'Bo', LName: 'Smithers', Birthdate: '1980-01-02' }),
        odPatient({ PatNum: 71, FName: 'Bob', LName: 'Smith', Birthdate: '1980-01-02' }),
        odPatient({ PatNum: 77, FName: 'Bo', LName: 'SMITH', Birthdate: '1980-01-02' }),
      );
    const id = await book('08:30', {
      first_name: 'Bo',
      last_name: 'Smith',
      dob: '1980-01-02',
      email: 'bo@example.com',
      patient_status: 'Returning Patient',
    });
    const requests = await runJobs();
    expect(calls(requests)).toEqual([
      'GET /patients/Simple?LName=Smith&FName=Bo&Birthdate=1980-01-02',
      'GET /appointments?date=2026-03-03',
      'POST /appointments',
    ]);
    expect(requests[2]!.body).toMatchObject({ PatNum: 77, IsNewPatient: 'false', AptDateTime: '2026-03-03 08:30:00' });
    expect(await writeState(id)).toMatchObject({ pms_write_status: 'written', pms_pat_num: 77 });
  });

  it('keeps the booking, marks it failed and tells the practice when the re-check finds the time taken', async () => {
    const id = await book('09:00', { first_name: 'Cy', last_name: 'Conflict', email: 'cy@example.com' });
    // The front desk booked the chair meanwhile.
    fake.office('office-w').appointments.push(
      odAppointment({
        AptNum: 900,
        PatNum: 5,
        AptDateTime: '2026-03-03 09:00:00',
        Pattern: 'XXXXXX',
        Op: 1,
        ProvNum: 1,
      }),
    );
    const requests = await runJobs();
    expect(calls(requests).filter((c) => c === 'POST /appointments')).toEqual([]);
    const state = await writeState(id);
    expect(state).toMatchObject({ status: 'booked', pms_write_status: 'failed', job_status: 'failed' });
    expect(state.pms_write_error).toContain('appointment 900');
    const mails = await officeMail('Conflict');
    expect(mails.map((m) => m.subject)).toEqual([
      'Please enter this online booking in Open Dental: Cy Conflict, Tuesday, March 3, 2026 at 09:00 AM (CST)',
    ]);
    expect(mails[0]!.text).toContain('appointment 900');
  });

  it('retries a write that Open Dental could not take, telling the practice once', async () => {
    const id = await book('09:30', { first_name: 'Di', last_name: 'Retry', email: 'di@example.com' });
    fake.fail('econnector', { method: 'POST', path: '/appointments' });
    await runJobs();
    const pending = await writeState(id);
    expect(pending).toMatchObject({ status: 'booked', pms_write_status: 'pending', job_status: 'queued', attempts: 1 });
    expect(pending.pms_write_error).toContain('eConnector is not running');
    expect((await officeMail('Retry')).map((m) => m.subject)).toEqual([
      'Online booking not yet in Open Dental: Di Retry, Tuesday, March 3, 2026 at 09:30 AM (CST)',
    ]);

    expect(await runJobs()).toEqual([]); // not due yet
    clock.advance(30_000);
    const retry = await runJobs();
    // The patient was created on the first attempt and is not looked up again.
    expect(calls(retry)).toEqual(['GET /appointments?date=2026-03-03', 'POST /appointments']);
    expect(await writeState(id)).toMatchObject({
      pms_write_status: 'written',
      pms_write_error: null,
      job_status: 'done',
      attempts: 2,
    });
    expect(await officeMail('Retry')).toHaveLength(1);
  });

  it('gives up after the last attempt and asks the practice to enter the booking by hand', async () => {
    const id = await book('10:00', { first_name: 'Ed', last_name: 'Giveup', email: 'ed@example.com' });
    await ctx.db.query('update jobs set max_attempts = 1 where dedupe_key = $1', [`${OPENDENTAL_WRITE_JOB}:${id}`]);
    fake.fail('gateway-timeout');
    await runJobs();
    expect(await writeState(id)).toMatchObject({ status: 'booked', pms_write_status: 'failed', job_status: 'failed' });
    expect((await officeMail('Giveup')).map((m) => m.subject)).toEqual([
      'Please enter this online booking in Open Dental: Ed Giveup, Tuesday, March 3, 2026 at 10:00 AM (CST)',
    ]);
  });

  it('adopts the appointment an earlier attempt created when its answer was lost', async () => {
    fake
      .office('office-w')
      .patients.push(odPatient({ PatNum: 88, FName: 'Fay', LName: 'Adopt', Birthdate: '1990-04-12' }));
    const id = await book('10:30', { first_name: 'Fay', last_name: 'Adopt' });
    fake.office('office-w').appointments.push(
      odAppointment({
        AptNum: 950,
        PatNum: 88,
        AptDateTime: '2026-03-03 10:30:00',
        Pattern: 'XXXXXX',
        Op: 1,
        ProvNum: 1,
      }),
    );
    const requests = await runJobs();
    expect(calls(requests)).not.toContain('POST /appointments');
    expect(await writeState(id)).toMatchObject({ pms_write_status: 'written', pms_apt_num: 950, pms_pat_num: 88 });
  });

  it('waits for a payment hold to become a booking before writing it', async () => {
    const id = await book('11:00', { first_name: 'Gil', last_name: 'Payment', email: 'gil@example.com' });
    await forceStatusForTest(ctx.db, id, 'pending_payment');
    expect(await runJobs()).toEqual([]);
    expect(await writeState(id)).toMatchObject({ pms_write_status: 'pending', job_status: 'queued' });
    expect(await officeMail('Payment')).toEqual([]);
    await ctx.db.query(`update appointments set status = 'booked' where id = $1`, [id]);
    clock.advance(30_000);
    await runJobs();
    expect(await writeState(id)).toMatchObject({ pms_write_status: 'written' });
  });

  it('writes a booking the patient confirmed before the job ran, and skips one already cancelled', async () => {
    const confirmed = await book('14:00', { first_name: 'Hal', last_name: 'Confirmed', email: 'hal@example.com' });
    const cancelled = await book('15:00', { first_name: 'Ida', last_name: 'Cancelled', email: 'ida@example.com' });
    await ctx.db.query(`update appointments set status = 'confirmed' where id = $1`, [confirmed]);
    await ctx.db.query(`update appointments set status = 'cancelled' where id = $1`, [cancelled]);
    await runJobs();
    expect(await writeState(confirmed)).toMatchObject({ pms_write_status: 'written' });
    expect(await writeState(cancelled)).toMatchObject({ pms_write_status: 'skipped' });
  });

  it('does not guess between namesakes: marks the booking failed and tells the practice', async () => {
    fake
      .office('office-w')
      .patients.push(
        odPatient({ PatNum: 91, FName: 'Hal', LName: 'Twin', Birthdate: '1990-04-12', Email: 'one@example.com' }),
        odPatient({ PatNum: 92, FName: 'Hal', LName: 'Twin', Birthdate: '1990-04-12', Email: 'two@example.com' }),
      );
    const id = await book('11:30', {
      first_name: 'Hal',
      last_name: 'Twin',
      email: 'hal@example.com',
      wireless_phone: '+15125550999',
    });
    const requests = await runJobs();
    expect(calls(requests)).toEqual(['GET /patients/Simple?LName=Twin&FName=Hal&Birthdate=1990-04-12']);
    const state = await writeState(id);
    expect(state).toMatchObject({ status: 'booked', pms_write_status: 'failed' });
    expect(state.pms_write_error).toContain('2 patients in Open Dental share this name');
    expect(await officeMail('Twin')).toHaveLength(1);
  });
});
