import type { JobHandler } from '../../jobs/job-queue.ts';
import { enqueueJobs, JobNotReadyError, PermanentJobError } from '../../jobs/job-queue.ts';
import { findJobByKey } from '../../jobs/jobs-repository.ts';
import type { Queryable } from '../../db/database.ts';
import type { BookingEventSubscriber, SubscriberDeps } from './booking-event-subscriber.ts';
import { BOOKING_EVENT_SUBSCRIBERS } from './booking-event-subscribers.ts';
import { findBookingEventById } from './booking-events-repository.ts';

const JOB_PREFIX = 'booking-event:';

export const subscriberJobType = (subscriber: Pick<BookingEventSubscriber, 'name'>) =>
  `${JOB_PREFIX}${subscriber.name}`;

/** A booking's events are keyed by their sequence, so the job for the one before is found by its key. */
function jobKeyOf(name: string, event: { id: string; bookingId: string | null; sequence: number | null }): string {
  return event.bookingId && event.sequence !== null
    ? `${JOB_PREFIX}${name}:${event.bookingId}:${event.sequence}`
    : `${JOB_PREFIX}${name}:${event.id}`;
}

/** In the event's transaction: one job per subscriber, so each follows the change exactly when it committed. */
export async function enqueueSubscribers(
  tx: Queryable,
  event: { id: string; bookingId: string | null; sequence: number | null },
  subscribers: readonly BookingEventSubscriber[] = BOOKING_EVENT_SUBSCRIBERS,
): Promise<void> {
  // One statement for all of them (ADR 0078): each is a round trip inside the change's transaction.
  await enqueueJobs(
    tx,
    subscribers.map((subscriber) => ({
      type: subscriberJobType(subscriber),
      payload: { eventId: event.id },
      dedupeKey: jobKeyOf(subscriber.name, event),
      maxAttempts: subscriber.maxAttempts,
    })),
  );
}

/**
 * The job handler of each subscriber. A job waits (JobNotReadyError, no attempt counted) while the same subscriber's
 * job for the booking's previous event is unfinished, so a booking's events reach each subscriber in order; a job
 * that failed for good no longer holds the next one back.
 */
export function createSubscriberJobHandlers(
  deps: SubscriberDeps,
  subscribers: readonly BookingEventSubscriber[] = BOOKING_EVENT_SUBSCRIBERS,
): Record<string, JobHandler> {
  return Object.fromEntries(
    subscribers.map((subscriber): [string, JobHandler] => [
      subscriberJobType(subscriber),
      async (payload, context) => {
        const eventId = (payload as { eventId?: unknown } | null)?.eventId;
        if (typeof eventId !== 'string') throw new PermanentJobError('A subscriber job needs an eventId');
        const event = await findBookingEventById(deps.db, eventId);
        if (!event) return { skipped: 'The event is gone (its booking or practice was deleted).' };
        if (event.booking_id && event.sequence !== null && event.sequence > 1) {
          const before = { id: '', bookingId: event.booking_id, sequence: event.sequence - 1 };
          const earlier = await findJobByKey(deps.db, jobKeyOf(subscriber.name, before));
          if (earlier && (earlier.status === 'queued' || earlier.status === 'running')) {
            // Due again with the earlier job's retry, or at the next pass when that job is running now.
            const now = deps.clock.now().getTime();
            const runAt = Math.max(now, earlier.run_at ? new Date(earlier.run_at).getTime() : 0);
            throw new JobNotReadyError(`Waits for event ${event.sequence - 1} of its booking`, new Date(runAt));
          }
        }
        return subscriber.act(event, deps, context);
      },
    ]),
  );
}
