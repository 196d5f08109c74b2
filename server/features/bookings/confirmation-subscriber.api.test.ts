import { describe, expect, it } from 'vitest';
import { runSubscriberJobs } from '../../test/app-jobs.ts';
import { bookVisit } from '../../test/booking-requests.ts';
import { deliverDueMessages } from '../../test/message-delivery.ts';
import { NEW_YORK_OFFICE, withPracticeApp } from '../../test/practice-app.ts';
import { fixedClock } from '../../test/test-app.ts';

const clock = fixedClock('2026-03-02T12:00:00Z');
// Subscribers run only when the test says so: what the booking's own transaction queued is visible alone.
const ctx = withPracticeApp({ clock, practices: [NEW_YORK_OFFICE], runSubscribers: false });

const messageJobs = (appointmentId: string) =>
  ctx.db.query<{ dedupe_key: string }>(
    `select dedupe_key from jobs where type = 'email.send' and payload->>'appointmentId' = $1 order by dedupe_key`,
    [appointmentId],
  );

describe('the confirmation subscriber (ADR 0069)', () => {
  it('queues the confirmation and the practice notice from the booking.created event, not in the booking', async () => {
    const id = await bookVisit(ctx.app, {
      practiceId: ctx.practiceId,
      reasonId: ctx.reasonId('Exam'),
      start_time: '09:00:00',
      end_time: '09:30:00',
      language: 'es',
    });
    // The booking's transaction wrote the event and its subscriber jobs, and no message.
    expect(await messageJobs(id)).toEqual([]);

    await runSubscriberJobs(ctx, clock);
    expect(await messageJobs(id)).toEqual([
      { dedupe_key: `email:booking-confirmation:${id}` },
      { dedupe_key: `email:booking-notification:${id}` },
    ]);
    // Acting again (a retry, a lease taken over) queues nothing more and mints no second link.
    const links = () =>
      ctx.db.query(`select 1 from booking_links where appointment_id = $1 and carried_by = 'confirmation'`, [id]);
    expect(await links()).toHaveLength(1);
    await ctx.db.query(`update jobs set status = 'queued', run_at = null where dedupe_key like $1`, [
      `booking-event:confirmation:${id}:%`,
    ]);
    await runSubscriberJobs(ctx, clock);
    expect(await messageJobs(id)).toHaveLength(2);
    expect(await links()).toHaveLength(1);

    // In the booking's language, with the manage link minted for it.
    await deliverDueMessages(ctx.db, clock);
    const [toPatient] = await ctx.db.query<{ subject: string; text: string }>(
      `select subject, text from outbox_messages where recipient = 'ana.lopez@example.com'`,
    );
    expect(toPatient!.subject).toContain('Su cita');
    expect(toPatient!.text).toMatch(/\/appointment\/[\w-]+\?lang=es/);
  });
});
