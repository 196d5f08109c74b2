import type { BookingEventSubscriber } from './booking-event-subscriber.ts';
import { openDentalSubscriber } from '../opendental/opendental-subscriber.ts';
import { reminderSubscriber } from '../reminders/reminder-subscriber.ts';
import { cancellationMessageSubscriber } from '../manage/cancellation-message-subscriber.ts';
import { rescheduleMessageSubscriber } from '../manage/reschedule-message-subscriber.ts';
import { paymentMessageSubscriber } from '../payments/payment-message-subscriber.ts';
import { holdLostSubscriber } from '../payments/hold-lost-subscriber.ts';
import { visitConfirmedSubscriber } from '../reminders/visit-confirmed-subscriber.ts';
import { confirmationSubscriber } from './confirmation-subscriber.ts';

/** Every subscriber to the booking events (ADR 0069): adding one is its file and a line here. */
export const BOOKING_EVENT_SUBSCRIBERS: readonly BookingEventSubscriber[] = [
  reminderSubscriber,
  openDentalSubscriber,
  confirmationSubscriber,
  rescheduleMessageSubscriber,
  cancellationMessageSubscriber,
  paymentMessageSubscriber,
  holdLostSubscriber,
  visitConfirmedSubscriber,
];
