import type { BookingEventSubscriber } from '../features/bookings/booking-event-subscriber.ts';

/** What the throwaway subscriber saw, in order: `type #sequence`. */
export const seenByThrowaway: string[] = [];
/** Events whose first attempt fails (by sequence), to show a retry holds back only this subscriber. */
export const failFirstAttemptOf = new Set<number>();

/**
 * A subscriber as a webhook or the waitlist would be (ADR 0069), listed by the subscriber test alone: one file,
 * and one line in the list of subscribers.
 */
export const throwawaySubscriber: BookingEventSubscriber = {
  name: 'throwaway',
  async act(event, _deps, job) {
    if (event.sequence !== null && failFirstAttemptOf.has(event.sequence) && job.attempt === 1) {
      throw new Error(`the throwaway subscriber fails event ${event.sequence} once`);
    }
    seenByThrowaway.push(`${event.type} #${event.sequence}`);
  },
};
