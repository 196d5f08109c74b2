import { describe, expect, it } from 'vitest';
import { runSubscriberJobs } from '../../test/app-jobs.ts';
import { eventLinesOf } from '../../test/booking-events.ts';
import { odAppointment, providerSchedule, type FakeOdRequest } from '../../test/fake-opendental-server.ts';
import { withOpenDentalBench } from '../../test/opendental-test-kit.ts';
import { practiceConfig } from '../../test/practice-factory.ts';
import { fixedClock } from '../../test/test-app.ts';
import { OPENDENTAL_CHANGE_JOB, queuePmsChange } from './pms-change-job.ts';

// ADR 0036: a patient's move or cancellation of a booking that is in Open Dental, written there
// by the change job, and undone when Open Dental had given the new time away meanwhile.
// Monday 2 March 2026, 06:00 in Chicago; every test books its own times on 3–5 March.
const clock = fixedClock('2026-03-02T12:00:00Z');
const OFFICE = 'office-c';
const bench = withOpenDentalBench({
  clock,
  customerKey: OFFICE,
  schedules: ['2026-03-03', '2026-03-04', '2026-03-05'].map((date) => providerSchedule(date, 1, '08:00', '17:00', [1])),
  formUrl: 'od-changes',
  practice: {
    name: 'Bright Smile',
    notification_email: 'office@example.com',
    reasons: [
      { name: 'Exam', final_duration: 30 },
      { name: 'Long visit', final_duration: 60 },
    ],
  },
  others: [practiceConfig({ form_url: 'builtin-changes' })],
});
const { ctx, fake, book, bookWritten, runJobs } = bench;

async function writeState(id: string) {
  const [row] = await ctx.db.query<Record<string, unknown>>(
    `select status, starts_at, pms_write_status, pms_apt_num, pms_write_error, reschedule_count from
       appointments where id = $1`,
    [id],
  );
  return row!;
}

const changeJobs = (id: string) =>
  ctx.db.query<{ dedupe_key: string; status: string; attempts: number }>(
    `select dedupe_key, status, attempts from jobs where dedupe_key like $1 order by created_at`,
    [`${OPENDENTAL_CHANGE_JOB}:${id}:%`],
  );

const mailsTo = (recipient: string, subjectLike = '%') =>
  ctx.db.query<{ subject: string; text: string; attachments: { content: string }[] }>(
    'select subject, text, attachments from outbox_messages where recipient = $1 and subject like $2 order by seq',
    [recipient, subjectLike],
  );

const calls = (requests: FakeOdRequest[]) =>
  requests.map((r) => `${r.method} ${r.path}${r.method === 'GET' && r.query.size > 0 ? `?${r.query}` : ''}`);
/** The front desk's own appointment in Open Dental (patient 500), numbered past every AptNum so far. */
function officeBooks(aptDateTime: string): number {
  const AptNum = Math.max(0, ...fake.office(OFFICE).appointments.map((a) => Number(a.AptNum))) + 100;
  fake
    .office(OFFICE)
    .appointments.push(
      odAppointment({ AptNum, PatNum: 500, AptDateTime: aptDateTime, Pattern: 'XXXXXX', Op: 1, ProvNum: 1 }),
    );
  return AptNum;
}
// Called directly, not through a request: the subscribers (ADR 0069) run as a prompt worker would.
const reschedule = async (id: string, date: string, time: string) => {
  const outcome = await ctx.app.bookingLifecycle.reschedule(id, { date, startTime: `${time}:00`, provNum: 1 });
  await runSubscriberJobs(ctx, clock);
  return outcome;
};

describe('a move in Open Dental', () => {
  it('moves the appointment there (time, chair, provider, length), once per move', async () => {
    const { id, aptNum } = await bookWritten('2026-03-03', '08:00', {
      first_name: 'Ann',
      last_name: 'Move',
      email: 'ann.move@example.com',
    });
    await reschedule(id, '2026-03-03', '10:00');
    // Until the job has run, the console and the notices read "pending".
    expect(await writeState(id)).toMatchObject({ pms_write_status: 'pending', reschedule_count: 1 });
    expect(await changeJobs(id)).toEqual([
      expect.objectContaining({ dedupe_key: `${OPENDENTAL_CHANGE_JOB}:${id}:reschedule:1`, status: 'queued' }),
    ]);
    // Queued again for the same move (a retried transaction): still one job.
    await ctx.db.transaction((tx) => queuePmsChange(tx, { appointmentId: id, kind: 'reschedule', previous: null }));
    expect(await changeJobs(id)).toHaveLength(1);

    const requests = await runJobs();
    expect(calls(requests)).toEqual([
      `GET /appointments/${aptNum}`,
      'GET /appointments?date=2026-03-03',
      `PUT /appointments/${aptNum}`,
    ]);
    expect(requests[2]!.body).toEqual({ AptDateTime: '2026-03-03 10:00:00', Op: 1, ProvNum: 1, Pattern: 'XXXXXX' });
    expect(bench.appointment(aptNum)).toMatchObject({ AptDateTime: '2026-03-03 10:00:00', AptStatus: 'Scheduled' });
    expect(await writeState(id)).toMatchObject({ pms_write_status: 'written', pms_write_error: null });

    // A second move is a new change, with a job of its own.
    await reschedule(id, '2026-03-04', '09:00');
    await runJobs();
    expect((await changeJobs(id)).map((j) => [j.dedupe_key.split(':').slice(-1)[0], j.status])).toEqual([
      ['1', 'done'],
      ['2', 'done'],
    ]);
    expect(bench.appointment(aptNum)).toMatchObject({ AptDateTime: '2026-03-04 09:00:00' });
    expect(fake.office(OFFICE).appointments.filter((a) => a.PatNum === bench.appointment(aptNum).PatNum)).toHaveLength(
      1,
    );
  });

  it('breaks the appointment when the patient cancels, sending it to the Unscheduled List', async () => {
    const { id, aptNum } = await bookWritten('2026-03-03', '08:30', {
      first_name: 'Bea',
      last_name: 'Cancel',
      email: 'bea@example.com',
    });
    await ctx.app.bookingLifecycle.changeStatus(id, 'cancelled', { actor: 'patient' });
    await runSubscriberJobs(ctx, clock);
    expect(await writeState(id)).toMatchObject({ status: 'cancelled', pms_write_status: 'pending' });
    const requests = await runJobs();
    expect(calls(requests)).toEqual([`GET /appointments/${aptNum}`, `PUT /appointments/${aptNum}/Break`]);
    expect(requests[1]!.body).toEqual({ sendToUnscheduledList: 'true', breakType: 'Cancelled' });
    expect(bench.appointment(aptNum)).toMatchObject({ AptStatus: 'UnschedList' });
    expect(await writeState(id)).toMatchObject({ pms_write_status: 'written' });
  });

  it('breaks a no-show as Missed', async () => {
    const { id, aptNum } = await bookWritten('2026-03-03', '11:30', {
      first_name: 'Ola',
      last_name: 'Absent',
      email: 'ola@example.com',
    });
    await ctx.app.bookingLifecycle.changeStatus(id, 'no_show', { actor: 'staff' });
    const requests = await runJobs();
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      sendToUnscheduledList: 'true',
      breakType: 'Missed',
    });
    expect(bench.appointment(aptNum)).toMatchObject({ AptStatus: 'UnschedList', breakType: 'Missed' });
  });

  it('leaves an appointment the front desk already broke as it is, and refuses to break a completed one', async () => {
    const broken = await bookWritten('2026-03-03', '12:00', {
      first_name: 'Lou',
      last_name: 'Broken',
      email: 'lou@example.com',
    });
    const completed = await bookWritten('2026-03-03', '12:30', {
      first_name: 'Mo',
      last_name: 'Complete',
      email: 'mo@example.com',
    });
    bench.appointment(broken.aptNum).AptStatus = 'Broken';
    bench.appointment(completed.aptNum).AptStatus = 'Complete';
    await ctx.app.bookingLifecycle.changeStatus(broken.id, 'cancelled', { actor: 'patient' });
    await ctx.app.bookingLifecycle.changeStatus(completed.id, 'cancelled', { actor: 'patient' });
    const requests = await runJobs();
    expect(calls(requests).filter((c) => c.startsWith('PUT'))).toEqual([]);
    expect(await writeState(broken.id)).toMatchObject({ pms_write_status: 'written' });
    const refused = await writeState(completed.id);
    expect(refused).toMatchObject({ pms_write_status: 'failed' });
    expect(refused.pms_write_error).toContain('is Complete; only a Scheduled appointment can be broken');
    expect(
      (await mailsTo('office@example.com', 'Please update Open Dental by hand%Mo Complete%')).map((m) => m.subject),
    ).toEqual(['Please update Open Dental by hand: online cancellation for Mo Complete']);
    expect(await changeJobs(completed.id)).toEqual([expect.objectContaining({ status: 'failed', attempts: 1 })]);
  });

  it('tells the practice of a move of a booking it was asked to enter by hand', async () => {
    const id = await book('2026-03-03', '13:00', { first_name: 'Nia', last_name: 'Manual', email: 'nia@example.com' });
    await ctx.db.query(`update appointments set pms_write_status = 'failed' where id = $1`, [id]);
    await ctx.db.query(`update jobs set status = 'failed' where dedupe_key = $1`, [
      `opendental.write-appointment:${id}`,
    ]);
    await reschedule(id, '2026-03-03', '13:30');
    const requests = await runJobs();
    expect(calls(requests)).toEqual([]);
    expect(await writeState(id)).toMatchObject({ pms_write_status: 'failed' });
    const [mail] = await mailsTo('office@example.com', 'Please update Open Dental by hand%Nia Manual%');
    expect(mail!.text).toContain('it was to be entered by hand');
  });

  it('does nothing for a practice on the built-in schedule', async () => {
    const id = await bench.bookElsewhere('builtin-changes', {
      apt_date: '2026-03-03',
      start_time: '09:00:00',
      end_time: '09:30:00',
      email: 'builtin@example.com',
    });
    await ctx.app.bookingLifecycle.reschedule(id, { date: '2026-03-03', startTime: '10:00:00', provNum: 1 });
    await ctx.app.bookingLifecycle.changeStatus(id, 'cancelled', { actor: 'patient' });
    expect(await changeJobs(id)).toEqual([]);
    expect(await writeState(id)).toMatchObject({ pms_write_status: null });
  });

  it('retries a move through an Open Dental outage and writes it once', async () => {
    const { id, aptNum } = await bookWritten('2026-03-03', '09:00', {
      first_name: 'Cal',
      last_name: 'Outage',
      email: 'cal@example.com',
    });
    await reschedule(id, '2026-03-03', '11:00');
    fake.fail('server-error', { method: 'PUT' });
    await runJobs();
    const pending = await writeState(id);
    expect(pending).toMatchObject({ pms_write_status: 'pending' });
    expect(pending.pms_write_error).toContain('500');
    expect(await changeJobs(id)).toEqual([expect.objectContaining({ status: 'queued', attempts: 1 })]);
    expect(bench.appointment(aptNum)).toMatchObject({ AptDateTime: '2026-03-03 09:00:00' });
    expect((await mailsTo('office@example.com', '%Outage%')).map((m) => m.subject)).toEqual([
      'New booking: Cal Outage, Tuesday, March 3, 2026 at 09:00 AM (CST)',
      'Online reschedule not yet in Open Dental: Cal Outage',
    ]);

    clock.advance(30_000);
    const retry = await runJobs();
    expect(calls(retry).filter((c) => c.startsWith('PUT'))).toEqual([`PUT /appointments/${aptNum}`]);
    expect(bench.appointment(aptNum)).toMatchObject({ AptDateTime: '2026-03-03 11:00:00' });
    expect(await writeState(id)).toMatchObject({ pms_write_status: 'written', pms_write_error: null });
    expect(await changeJobs(id)).toEqual([expect.objectContaining({ status: 'done', attempts: 2 })]);
    // One run more finds nothing to do: the move is not written twice.
    clock.advance(60 * 60_000);
    expect(calls(await runJobs()).filter((c) => c.startsWith('PUT'))).toEqual([]);
  });
});

describe('a move into a time Open Dental had given away', () => {
  it('goes back to the old time when it is still free, and tells the patient in their language', async () => {
    const { id, aptNum } = await bookWritten('2026-03-04', '08:00', {
      first_name: 'Dora',
      last_name: 'Undo',
      email: 'dora@example.com',
      language: 'es',
    });
    await reschedule(id, '2026-03-04', '11:00');
    // The front desk gave 11:00 to someone else before the job ran.
    const taken = officeBooks('2026-03-04 11:00:00');
    const requests = await runJobs();
    expect(calls(requests).filter((c) => c.startsWith('PUT'))).toEqual([]);
    expect(bench.appointment(aptNum)).toMatchObject({ AptDateTime: '2026-03-04 08:00:00', AptStatus: 'Scheduled' });
    // Back at 08:00 Chicago (14:00 UTC); the move still counts as the patient's one move.
    expect(await writeState(id)).toMatchObject({
      starts_at: new Date('2026-03-04T14:00:00Z'),
      pms_write_status: 'written',
      reschedule_count: 1,
    });
    // Open Dental's move back is a change of its own, on a declared edge (ADRs 0068, 0069).
    expect(await eventLinesOf(ctx.db, id)).toEqual([
      'booking.created patient',
      'pms.written opendental',
      'booking.rescheduled system',
      'booking.moved_back opendental',
    ]);

    const [mail, ...more] = await mailsTo('dora@example.com', '%se mantiene%');
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Su cita en Bright Smile se mantiene: miércoles, 4 de marzo de 2026, 8:00 a.m. (CST)');
    expect(mail!.text).toContain('No pudimos cambiar su cita a miércoles, 4 de marzo de 2026, 11:00 a.m. (CST)');
    expect(mail!.text).toContain('(212) 555-0100');
    expect(mail!.text).not.toMatch(/Exam/);
    expect(mail!.attachments[0]!.content).toContain('DTSTART:20260304T140000Z');
    const [notice] = await mailsTo('office@example.com', '%reschedule undone%Undo%');
    expect(notice!.text).toContain(`Open Dental already had appointment ${taken} at 2026-03-04 11:00:00`);
  });

  it('is marked for the practice to call when the old time is taken in Open Dental too', async () => {
    const { id, aptNum } = await bookWritten('2026-03-04', '13:00', {
      first_name: 'Eli',
      last_name: 'Call',
      email: 'eli@example.com',
    });
    await reschedule(id, '2026-03-04', '15:00');
    officeBooks('2026-03-04 15:00:00');
    // Double-booked over Eli's old time in Open Dental.
    officeBooks('2026-03-04 13:00:00');
    await runJobs();
    expect(bench.appointment(aptNum)).toMatchObject({ AptDateTime: '2026-03-04 13:00:00' });
    const state = await writeState(id);
    expect(state).toMatchObject({ starts_at: new Date('2026-03-04T21:00:00Z'), pms_write_status: 'failed' });
    expect(state.pms_write_error).toContain('Needs a call');
    const [mail] = await mailsTo('eli@example.com', 'About your appointment%');
    expect(mail!.subject).toBe('About your appointment at Bright Smile: the office will call you');
    expect(mail!.text).toContain('The office will call you to agree a new time.');
    expect(mail!.text).toContain('please call the office at (212) 555-0100');
    expect(mail!.attachments).toEqual([]);
    expect(await mailsTo('office@example.com', 'Please call the patient%Eli Call%')).toHaveLength(1);
  });

  it('is marked for the practice to call when another booking took the old time with us', async () => {
    const { id } = await bookWritten('2026-03-05', '08:00', {
      first_name: 'Fin',
      last_name: 'Local',
      email: 'fin@example.com',
    });
    await reschedule(id, '2026-03-05', '14:00');
    officeBooks('2026-03-05 14:00:00');
    // Another patient booked the freed 08:00 online; our exclusion constraint keeps Fin out of it.
    await book('2026-03-05', '08:00', { first_name: 'Gus', last_name: 'Taker', email: 'gus@example.com' });
    await runJobs();
    expect(await writeState(id)).toMatchObject({
      starts_at: new Date('2026-03-05T20:00:00Z'),
      pms_write_status: 'failed',
    });
    expect(await mailsTo('fin@example.com', 'About your appointment%')).toHaveLength(1);
  });
});

describe('before the first write', () => {
  it('a move needs no change job: the one write carries the new time', async () => {
    const id = await book('2026-03-05', '09:00', { first_name: 'Hana', last_name: 'Early', email: 'hana@example.com' });
    await reschedule(id, '2026-03-05', '10:00');
    expect(await changeJobs(id)).toEqual([]);
    const requests = await runJobs();
    expect(calls(requests).filter((c) => c.startsWith('POST /appointments') || c.startsWith('PUT'))).toEqual([
      'POST /appointments',
    ]);
    expect(requests.find((r) => r.method === 'POST' && r.path === '/appointments')!.body).toMatchObject({
      AptDateTime: '2026-03-05 10:00:00',
    });
    expect(await writeState(id)).toMatchObject({ pms_write_status: 'written' });
  });

  it('a move made while the first write is under way follows it into Open Dental', async () => {
    const id = await book('2026-03-05', '15:00', { first_name: 'Kit', last_name: 'Race', email: 'kit@example.com' });
    // Open Dental takes its time over the POST; the patient moves the booking meanwhile.
    await bench.duringSlowWrite(async () => {
      await reschedule(id, '2026-03-05', '16:00');
      expect(await changeJobs(id)).toEqual([]); // no AptNum yet: nothing to change
    });
    // The write created the old time; its last step saw the move and queued it, and it ran.
    const aptNum = Number((await writeState(id)).pms_apt_num);
    expect(bench.appointment(aptNum)).toMatchObject({ AptDateTime: '2026-03-05 16:00:00' });
    expect(await changeJobs(id)).toEqual([
      expect.objectContaining({ dedupe_key: `${OPENDENTAL_CHANGE_JOB}:${id}:reschedule:1`, status: 'done' }),
    ]);
    expect(await writeState(id)).toMatchObject({ pms_write_status: 'written' });
  });

  it('a cancellation is never written', async () => {
    const id = await book('2026-03-05', '11:00', { first_name: 'Ivo', last_name: 'Gone', email: 'ivo@example.com' });
    await ctx.app.bookingLifecycle.changeStatus(id, 'cancelled', { actor: 'patient' });
    expect(await changeJobs(id)).toEqual([]);
    const requests = await runJobs();
    expect(calls(requests).filter((c) => !c.startsWith('GET'))).toEqual([]);
    expect(await writeState(id)).toMatchObject({ pms_write_status: 'skipped' });
  });
});

describe('Open Dental availability for a move', () => {
  it("does not count the booking's own Open Dental appointment as busy", async () => {
    const { id, aptNum } = await bookWritten(
      '2026-03-05',
      '12:00',
      { first_name: 'Jo', last_name: 'Overlap', email: 'jo@example.com' },
      'Long visit',
    );
    // The mirror's next pass reads the written appointment at 12:00-13:00 (ADR 0071).
    await bench.syncMirror();
    await expect(
      ctx.app.inject({
        method: 'GET',
        url: `/api/v1/appointment/slots?${new URLSearchParams({
          practice_id: bench.seeded.practiceId,
          reason_for_visit_id: bench.seeded.reasons['Long visit']!.id,
          start_date: '2026-03-05',
          end_date: '2026-03-05',
        })}`,
      }),
    ).resolves.toSatisfy(
      (r: { json(): { result: { DateTimeStart: string }[] } }) =>
        !r.json().result.some((s) => s.DateTimeStart === '2026-03-05 12:30:00'),
    );
    // Half an hour later overlaps its own time: offered for the move all the same.
    await reschedule(id, '2026-03-05', '12:30');
    const requests = await runJobs();
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({
      AptDateTime: '2026-03-05 12:30:00',
      Op: 1,
      ProvNum: 1,
      Pattern: 'XXXXXXXXXXXX',
    });
    expect(bench.appointment(aptNum)).toMatchObject({ AptDateTime: '2026-03-05 12:30:00' });
  });
});
