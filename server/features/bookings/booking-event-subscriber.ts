import type { BookingEventType } from '#domain/booking/booking-events.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import type { JobContext, SkippedJob } from '../../jobs/job-queue.ts';
import type { StoredBookingEvent } from './booking-events-repository.ts';

export type { BookingSnapshot, StoredBookingEvent } from './booking-events-repository.ts';

/** What every subscriber is given besides its event. */
export interface SubscriberDeps {
  db: Database;
  clock: Clock;
  /** The site's address, for the links a message carries. */
  publicUrl: string;
}

/**
 * Something that follows every change to a booking (ADR 0069): reminders, Open Dental writes, and later webhooks and
 * the waitlist. Each event queues one job per subscriber in the event's transaction; a subscriber's jobs for one
 * booking run in the order of its events, and one that throws is retried with the queue's back-off without holding
 * back the others. `act` may run more than once for an event (a retry, a lease taken over): make it idempotent.
 */
export interface BookingEventSubscriber {
  /** Stable: part of its jobs' type and keys. */
  name: string;
  /** The event types it acts on: no job is queued for the others. Absent: every event. */
  types?: readonly BookingEventType[];
  maxAttempts?: number;
  act(event: StoredBookingEvent, deps: SubscriberDeps, job: JobContext): Promise<void | SkippedJob>;
}
