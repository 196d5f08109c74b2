import { describe, expect, it } from 'vitest';
import { runSubscriberJobs } from '../../test/app-jobs.ts';
import { providerSchedule, type FakeOdRequest } from '../../test/fake-opendental-server.ts';
import { withOpenDentalBench } from '../../test/opendental-test-kit.ts';
import { practiceConfig } from '../../test/practice-factory.ts';
import { fixedClock } from '../../test/test-app.ts';
import { OPENDENTAL_CONFIRM_JOB, queuePmsConfirm } from './pms-confirm-job.ts';

// ADR 0037: a patient's confirmation of a booking that is in Open Dental, written there by the
// confirm job as PUT Confirm. Monday 2 March 2026, 06:00 in Chicago; each test books its own time.
const clock = fixedClock('2026-03-02T12:00:00Z');
const OFFICE = 'office-confirm';
/** What the worker logged at error level: the operator's alarm. */
const errors: { details: object; message: string }[] = [];

const { ctx, fake, book, bookWritten, runJobs, ...bench } = withOpenDentalBench({
  clock,
  customerKey: OFFICE,
  schedules: ['2026-03-03', '2026-03-04'].map((date) => providerSchedule(date, 1, '08:00', '17:00', [1])),
  formUrl: 'od-confirm',
  practice: { notification_email: 'office@example.com' },
  others: [practiceConfig({ form_url: 'builtin-confirm' })],
  logger: {
    warn: () => undefined,
    error: (details: object, message: string) => void errors.push({ details, message }),
  },
});

async function bookingState(id: string) {
  const [row] = await ctx.db.query<Record<string, unknown>>(
    'select status, pms_write_status, pms_apt_num, pms_write_error from appointments where id = $1',
    [id],
  );
  return row!;
}

const confirmJobs = (id: string) =>
  ctx.db.query<{ dedupe_key: string; status: string; attempts: number; note: string | null }>(
    'select dedupe_key, status, attempts, last_error as note from jobs where dedupe_key like $1 order by created_at',
    [`${OPENDENTAL_CONFIRM_JOB}:${id}:%`],
  );

// Called directly, not through a request: the subscribers (ADR 0069) run as a prompt worker would.
const confirm = async (id: string) => {
  await ctx.app.bookingLifecycle.changeStatus(id, 'confirmed', { actor: 'patient' });
  await runSubscriberJobs(ctx, clock);
};
const calls = (requests: FakeOdRequest[]) =>
  requests.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`);

describe("a patient's confirmation in Open Dental", () => {
  it('is written once as PUT Confirm, however often it is queued', async () => {
    const { id, aptNum } = await bookWritten('2026-03-03', '08:00', {
      first_name: 'Ann',
      last_name: 'Yes',
      email: 'ann.yes@example.com',
    });
    await confirm(id);
    // A second C (or the e-mail's button after the text) changes nothing, nor does a retried transaction.
    await confirm(id);
    await ctx.db.transaction((tx) => queuePmsConfirm(tx, { appointmentId: id }));
    expect(await confirmJobs(id)).toEqual([
      expect.objectContaining({ dedupe_key: `${OPENDENTAL_CONFIRM_JOB}:${id}:0`, status: 'queued' }),
    ]);

    const requests = await runJobs();
    expect(calls(requests)).toEqual([`PUT /appointments/${aptNum}/Confirm`]);
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ confirmVal: 'Confirmed' });
    expect(bench.appointment(aptNum)).toMatchObject({ confirmed: 'Confirmed', AptStatus: 'Scheduled' });
    expect(await confirmJobs(id)).toEqual([expect.objectContaining({ status: 'done', attempts: 1, note: null })]);
    // The booking's own write status is the write job's: a confirmation leaves it as it was.
    expect(await bookingState(id)).toMatchObject({
      status: 'confirmed',
      pms_write_status: 'written',
      pms_write_error: null,
    });
    clock.advance(60 * 60_000);
    expect(calls(await runJobs())).toEqual([]);
  });

  it('is retried through an Open Dental outage and written once it answers', async () => {
    const { id, aptNum } = await bookWritten('2026-03-03', '09:00', {
      first_name: 'Cal',
      last_name: 'Outage',
      email: 'cal.outage@example.com',
    });
    await confirm(id);
    fake.fail('server-error', { method: 'PUT' });
    expect(calls(await runJobs())).toEqual([`PUT /appointments/${aptNum}/Confirm`]);
    expect(bench.appointment(aptNum).confirmed).toBeUndefined();
    expect(await confirmJobs(id)).toEqual([expect.objectContaining({ status: 'queued', attempts: 1 })]);
    expect(await bookingState(id)).toMatchObject({ status: 'confirmed', pms_write_status: 'written' });

    clock.advance(30_000);
    expect(calls(await runJobs())).toEqual([`PUT /appointments/${aptNum}/Confirm`]);
    expect(bench.appointment(aptNum)).toMatchObject({ confirmed: 'Confirmed' });
    expect(await confirmJobs(id)).toEqual([expect.objectContaining({ status: 'done', attempts: 2 })]);
    clock.advance(60 * 60_000);
    expect(calls(await runJobs())).toEqual([]);
  });

  it('waits for the booking to be in Open Dental when the patient confirms before it was written', async () => {
    const id = await book('2026-03-03', '10:00', {
      first_name: 'Eve',
      last_name: 'Early',
      email: 'eve.early@example.com',
    });
    await confirm(id);
    // No AptNum to confirm yet: the write job's last step queues the confirmation.
    expect(await confirmJobs(id)).toEqual([]);
    const requests = await runJobs();
    const aptNum = Number((await bookingState(id)).pms_apt_num);
    expect(calls(requests).filter((c) => c.includes('/appointments'))).toEqual([
      'POST /appointments',
      `PUT /appointments/${aptNum}/Confirm`,
    ]);
    expect(bench.appointment(aptNum)).toMatchObject({ confirmed: 'Confirmed' });
    expect(await confirmJobs(id)).toEqual([
      expect.objectContaining({ dedupe_key: `${OPENDENTAL_CONFIRM_JOB}:${id}:0`, status: 'done' }),
    ]);
  });

  it('follows a write that was under way when the patient confirmed', async () => {
    const id = await book('2026-03-04', '13:00', {
      first_name: 'Kit',
      last_name: 'Race',
      email: 'kit.race@example.com',
    });
    // Open Dental takes its time over the POST; the patient confirms meanwhile.
    await bench.duringSlowWrite(async () => {
      await confirm(id);
      expect(await confirmJobs(id)).toEqual([]);
    });
    const aptNum = Number((await bookingState(id)).pms_apt_num);
    expect(bench.appointment(aptNum)).toMatchObject({ confirmed: 'Confirmed' });
    expect(await confirmJobs(id)).toEqual([expect.objectContaining({ status: 'done', attempts: 1 })]);
  });

  it('is not written for a time the booking has left, and is written for the new time once confirmed', async () => {
    const { id, aptNum } = await bookWritten('2026-03-04', '08:00', {
      first_name: 'Mo',
      last_name: 'Mover',
      email: 'mo.mover@example.com',
    });
    await confirm(id);
    // Moved before the confirm job ran: "booked" again, the patient has not confirmed the new time.
    await ctx.app.bookingLifecycle.reschedule(id, { date: '2026-03-04', startTime: '09:00:00', provNum: 1 });
    const requests = await runJobs();
    expect(calls(requests)).toEqual([`PUT /appointments/${aptNum}`]);
    expect(await confirmJobs(id)).toEqual([
      expect.objectContaining({ status: 'done', note: 'The booking was moved after it was confirmed.' }),
    ]);

    await confirm(id);
    expect(calls(await runJobs())).toEqual([`PUT /appointments/${aptNum}/Confirm`]);
    expect((await confirmJobs(id)).map((j) => [j.dedupe_key.split(':').pop(), j.status])).toEqual([
      ['0', 'done'],
      ['1', 'done'],
    ]);
  });

  it('leaves the booking confirmed when Open Dental refuses, and logs the failure for the operator', async () => {
    const { id, aptNum } = await bookWritten('2026-03-04', '10:00', {
      first_name: 'Rui',
      last_name: 'Refused',
      email: 'rui@example.com',
    });
    // The front desk deleted the appointment in Open Dental: 404, which no retry can fix.
    fake.office(OFFICE).appointments = fake.office(OFFICE).appointments.filter((a) => a.AptNum !== aptNum);
    await confirm(id);
    errors.length = 0;
    expect(calls(await runJobs())).toEqual([`PUT /appointments/${aptNum}/Confirm`]);
    expect(await confirmJobs(id)).toEqual([expect.objectContaining({ status: 'failed', attempts: 1 })]);
    expect(errors).toEqual([
      expect.objectContaining({
        message: 'Job failed for good',
        details: expect.objectContaining({
          jobType: OPENDENTAL_CONFIRM_JOB,
          error: expect.stringContaining(`Confirmation of appointment ${aptNum} not written to Open Dental: 404`),
        }),
      }),
    ]);
    expect(await bookingState(id)).toMatchObject({
      status: 'confirmed',
      pms_write_status: 'written',
      pms_write_error: null,
    });
  });

  it('is not queued at a practice on the built-in schedule', async () => {
    const id = await bench.bookElsewhere('builtin-confirm', {
      apt_date: '2026-03-03',
      start_time: '09:00:00',
      end_time: '09:30:00',
      email: 'builtin.confirm@example.com',
    });
    await confirm(id);
    expect(await confirmJobs(id)).toEqual([]);
    expect(calls(await runJobs())).toEqual([]);
    expect(await bookingState(id)).toMatchObject({ status: 'confirmed', pms_write_status: null });
  });
});
