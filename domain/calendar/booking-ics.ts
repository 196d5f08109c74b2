// TEMPORARY until the ics-lifecycle branch lands: METHOD/SEQUENCE/ATTENDEE per change.
import { buildIcsEvent, type IcsEventInput } from './ics-calendar.ts';

export type BookingChange = 'booked' | 'rescheduled' | 'cancelled';

export function bookingIcs(change: BookingChange, input: IcsEventInput & { sequence: number; attendee?: { name: string; email: string } | undefined }): string {
  const base = buildIcsEvent(input);
  const method = change === 'cancelled' ? 'CANCEL' : 'REQUEST';
  return base
    .replace('METHOD:PUBLISH', `METHOD:${method}`)
    .replace('STATUS:CONFIRMED', `SEQUENCE:${input.sequence}\r\nSTATUS:${change === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'}`);
}
