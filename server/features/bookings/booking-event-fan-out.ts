import type { JobHandler } from '../../jobs/job-queue.ts';
import { enqueueJobs, JobNotReadyError, PermanentJobError } from '../../jobs/job-queue.ts';
import { findUnfinishedEarlierJob } from '../../jobs/jobs-repository.ts';
import type { BookingEventType } from '#domain/booking/booking-events.ts';
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

/**
 * In the event's transaction: one job per subscriber that acts on its type, so each follows the change exactly when
 * it committed, and a subscriber costs nothing on events it ignores.
 */
export async function enqueueSubscribers(
  tx: Queryable,
  event: { id: string; bookingId: string | null; sequence: number | null; type: BookingEventType },
  subscribers: readonly BookingEventSubscriber[] = BOOKING_EVENT_SUBSCRIBERS,
): Promise<void> {
  // One statement for all that act on its type (ADR 0078): each is a round trip inside the change's transaction.
  const acting = subscribers.filter((subscriber) => !subscriber.types || subscriber.types.includes(event.type));
  await enqueueJobs(
    tx,
    acting.map((subscriber) => ({
      type: subscriberJobType(subscriber),
      payload: { eventId: event.id },
      dedupeKey: jobKeyOf(subscriber.name, event),
      maxAttempts: subscriber.maxAttempts,
    })),
  );
}

/**
 * The job handler of each subscriber. A job waits (JobNotReadyError, no attempt counted) while the same subscriber's
 * job for an earlier event of the booking is unfinished, so a booking's events reach each subscriber in order; a job
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
          const prefix = `${JOB_PREFIX}${subscriber.name}:${event.booking_id}:`;
          const earlier = await findUnfinishedEarlierJob(deps.db, prefix, event.sequence);
          if (earlier) {
            // Due again with the earlier job's retry, or at the next pass when that job is running now.
            const now = deps.clock.now().getTime();
            const runAt = Math.max(now, earlier.run_at ? new Date(earlier.run_at).getTime() : 0);
            throw new JobNotReadyError('Waits for an earlier event of its booking', new Date(runAt));
          }
        }
        return subscriber.act(event, deps, context);
      },
    ]),
  );
}
