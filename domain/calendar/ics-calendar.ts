/**
 * An iCalendar (RFC 5545) file for one appointment, attached to confirmation e-mails. Times are
 * written in UTC, which every calendar converts correctly and which needs no VTIMEZONE block;
 * X-WR-TIMEZONE names the practice's zone for clients that display it.
 */
export interface IcsEventInput {
  /** Stable per appointment ("appointment-<id>@<host>"), so a re-sent file updates, not duplicates. */
  uid: string;
  start: Date;
  end: Date;
  /** IANA zone of the practice. */
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  organizerName?: string | undefined;
  /** ORGANIZER needs an address; without one the organizer is left out. */
  organizerEmail?: string | undefined;
  /** When the file is made (DTSTAMP). */
  now: Date;
  /** PUBLISH (a file to import), REQUEST (an invitation or its update) or CANCEL (ADR 0035). */
  method?: 'PUBLISH' | 'REQUEST' | 'CANCEL';
  /** The revision: 0 when booked, one more per move (the booking's reschedule count). */
  sequence?: number;
  status?: 'CONFIRMED' | 'CANCELLED';
  /** The patient, to whom a REQUEST or CANCEL is addressed. */
  attendee?: { name: string; email: string } | undefined;
}

/** What happened to a booking, which decides the calendar method (ADR 0035). */
export type BookingChange = 'booked' | 'rescheduled' | 'cancelled';

/**
 * The calendar file of a booking's change: one UID for its whole life, SEQUENCE = its moves so
 * far (`input.sequence`), one more for a cancellation (RFC 5546 §2.1.4: a CANCEL is a new
 * revision, and a client may ignore one no higher than the event it holds; ADR 0035).
 * METHOD:REQUEST for booked and moved (an invitation the patient's calendar keeps and then
 * updates in place) and METHOD:CANCEL with STATUS:CANCELLED for a cancellation, each with the
 * ORGANIZER and ATTENDEE that RFC 5546 requires of them.
 */
export function bookingIcs(
  change: BookingChange,
  input: Omit<IcsEventInput, 'method' | 'status'> & { sequence: number },
): string {
  return buildIcsEvent({
    ...input,
    sequence: calendarSequence(input.sequence, change === 'cancelled'),
    method: change === 'cancelled' ? 'CANCEL' : 'REQUEST',
    status: change === 'cancelled' ? 'CANCELLED' : 'CONFIRMED',
  });
}

/** SEQUENCE of a booking's event: its moves so far, and one more once it is cancelled (ADR 0035). */
export const calendarSequence = (moves: number, isCancelled: boolean) => moves + (isCancelled ? 1 : 0);

/** The MIME type of a calendar file, with its method as RFC 6047 asks of an e-mailed one. */
export function icsContentType(content: string): string {
  return `text/calendar; charset=utf-8; method=${/^METHOD:(\w+)/m.exec(content)?.[1] ?? 'PUBLISH'}`;
}

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

export function buildIcsEvent(input: IcsEventInput): string {
  if (!(input.end.getTime() > input.start.getTime())) throw new RangeError('An event must end after it starts');
  const method = input.method ?? 'PUBLISH';
  const sequence = input.sequence ?? 0;
  if (!Number.isInteger(sequence) || sequence < 0) throw new RangeError('SEQUENCE must be a whole number, 0 or more');
  if (method !== 'PUBLISH' && !(input.organizerEmail && input.attendee))
    throw new RangeError(`METHOD:${method} needs an ORGANIZER and an ATTENDEE (RFC 5546)`);
  const organizerName = input.organizerName ? `;CN=${quoteParam(input.organizerName)}` : '';
  const organizer = input.organizerEmail
    ? `ORGANIZER${organizerName}:mailto:${mailto(input.organizerEmail)}`
    : undefined;
  // The patient's own appointment: accepted already, so no calendar asks them to answer it.
  const attendee = input.attendee
    ? `ATTENDEE;CN=${quoteParam(input.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE` +
      `:mailto:${mailto(input.attendee.email)}`
    : undefined;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Chairtime//Online booking//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    `X-WR-TIMEZONE:${escapeText(input.timeZone)}`,
    'BEGIN:VEVENT',
    `UID:${escapeText(input.uid)}`,
    `SEQUENCE:${sequence}`,
    `DTSTAMP:${formatUtc(input.now)}`,
    `DTSTART:${formatUtc(input.start)}`,
    `DTEND:${formatUtc(input.end)}`,
    `SUMMARY:${escapeText(input.summary)}`,
    `DESCRIPTION:${escapeText(input.description)}`,
    `LOCATION:${escapeText(input.location)}`,
    ...(organizer ? [organizer] : []),
    ...(attendee ? [attendee] : []),
    `STATUS:${input.status ?? 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

const mailto = (address: string) => address.replace(/[\s"<>]/g, '');

/** TEXT values: backslash, semicolon and comma escaped, any line break as \n, other controls dropped. */
export function escapeText(text: string): string {
  return (
    text
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, '')
  );
}

/** A parameter value may not contain a double quote; quoting allows `:`, `;` and `,`. */
function quoteParam(value: string): string {
  // eslint-disable-next-line no-control-regex
  return `"${value.replace(/["\u0000-\u001f\u007f]/g, '')}"`;
}

/** YYYYMMDDTHHMMSSZ */
export function formatUtc(date: Date): string {
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid date');
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * Lines longer than 75 octets continue on the next line after CRLF and one space (which counts
 * toward that line's 75). Splits fall between characters, never inside a UTF-8 sequence.
 */
export function foldLine(line: string): string {
  const pieces: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char);
    const limit = pieces.length === 0 ? MAX_LINE_OCTETS : MAX_LINE_OCTETS - 1;
    if (octets + size > limit) {
      pieces.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  pieces.push(current);
  return pieces.join(`${CRLF} `);
}

function utf8Length(char: string): number {
  const code = char.codePointAt(0)!;
  if (code < 0x80) return 1;
  if (code < 0x800) return 2;
  return code < 0x10000 ? 3 : 4;
}
