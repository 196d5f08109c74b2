import { createPmsWriteJobHandlers } from './features/opendental/pms-write-job.ts';
import { createSubscriberJobHandlers } from './features/bookings/booking-event-fan-out.ts';
import { moveBackIn, recordBookingFact } from './features/bookings/booking-lifecycle-steps.ts';
import type { Clock } from './clock.ts';
import { deleteEndedWindows } from './http/rate-limit-repository.ts';
import { createReminderJobHandler, REMINDER_JOB } from './features/reminders/reminder-jobs.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { REFUND_JOB } from './features/payments/payments-service.ts';
import type { JobHandler } from './jobs/job-queue.ts';
import { scheduleReviewSweep } from './features/reviews/review-request-sweep.ts';
import type { AppServices } from './app-services.ts';
import { sweepFunnelEvents } from './features/insights/funnel-events-service.ts';

/** Work the process runs besides answering requests: job handlers and periodic sweeps. */
export interface BackgroundWork {
  jobHandlers: Record<string, JobHandler>;
  periodic: { name: string; everyMs: number; run: () => Promise<unknown> }[];
}

export function createBackgroundWork(
  { config, db, clock }: { config: Config; db: Database; clock: Clock },
  services: AppServices,
): BackgroundWork {
  const { payments } = services;
  return {
    jobHandlers: {
      ...services.messageHandlers,
      [REFUND_JOB]: (payload) => payments.refund(payload),
      [REMINDER_JOB]: createReminderJobHandler({
        db,
        clock,
        practices: services.practices,
        publicUrl: config.publicUrl,
        texts: config.offers.texts,
      }),
      ...createPmsWriteJobHandlers({
        db,
        clock,
        openDental: services.openDental,
        moveBack: moveBackIn,
        recordFact: recordBookingFact,
      }),
      ...createSubscriberJobHandlers({ db, clock, publicUrl: config.publicUrl }),
    } satisfies Record<string, JobHandler>,
    periodic: [
      { name: 'release expired payment holds', everyMs: 60_000, run: () => payments.releaseExpiredHolds() },
      { name: 'forget ended rate-limit windows', everyMs: 10 * 60_000, run: () => deleteEndedWindows(db, clock.now()) },
      // ADR 0080: the booking funnel's raw events are kept 13 months; hourly is plenty for a monthly edge.
      { name: 'delete old funnel events', everyMs: 60 * 60_000, run: () => sweepFunnelEvents(db, clock.now()) },
      // Re-queues the current review sweep (deduplicated), so a broken chain of sweeps heals itself.
      {
        name: 'keep the review-request sweep scheduled',
        everyMs: 60_000,
        run: () => scheduleReviewSweep(db, clock.now()),
      },
    ],
  };
}
