import type { BookingEventSubscriber } from './booking-event-subscriber.ts';
import { openDentalSubscriber } from '../opendental/opendental-subscriber.ts';
import { reminderSubscriber } from '../reminders/reminder-subscriber.ts';

/** Every subscriber to the booking events (ADR 0069): adding one is its file and a line here. */
export const BOOKING_EVENT_SUBSCRIBERS: readonly BookingEventSubscriber[] = [reminderSubscriber, openDentalSubscriber];
