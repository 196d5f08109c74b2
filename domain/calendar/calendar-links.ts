import { formatUtc } from './ics-calendar.ts';

/**
 * "Add to Google Calendar" and "Add to Outlook" links for an appointment. Their URLs go to a
 * third party when the patient chooses them, so they carry only what a stranger may read: the
 * practice's name as the title, its address and the time; never the reason or the patient's name.
 */
export interface SharedCalendarEvent {
  /** The practice's name. */
  title: string;
  /** The clinic's or practice's address. */
  location: string;
  start: Date;
  end: Date;
}

export interface CalendarLinks {
  google_url: string;
  outlook_url: string;
}

export function calendarLinks(event: SharedCalendarEvent): CalendarLinks {
  const google = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${formatUtc(event.start)}/${formatUtc(event.end)}`,
    location: event.location,
  });
  const outlook = new URLSearchParams({
    path: '/calendar/action/compose',
    rru: 'addevent',
    subject: event.title,
    startdt: isoSeconds(event.start),
    enddt: isoSeconds(event.end),
    location: event.location,
  });
  return {
    google_url: `https://calendar.google.com/calendar/render?${google.toString()}`,
    outlook_url: `https://outlook.live.com/calendar/0/action/compose?${outlook.toString()}`,
  };
}

function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
