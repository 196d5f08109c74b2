import { describe, expect, it } from 'vitest';
import { parseLocalDateTime } from '../time/wall-clock.ts';
import { wallToInstant } from '../time/zoned-time.ts';
import { bookingIcs, buildIcsEvent, escapeText, foldLine, icsContentType } from './ics-calendar.ts';

const NEW_YORK = 'America/New_York';
const local = (dateTime: string) => new Date(wallToInstant(parseLocalDateTime(dateTime), NEW_YORK));

const event = {
  uid: 'appointment-3f2a@book.example.com',
  start: local('2026-03-09T09:00'),
  end: local('2026-03-09T09:30'),
  timeZone: NEW_YORK,
  summary: 'Dental appointment: Exam',
  description: 'With Dr. One.\nPlease arrive 10 minutes early.',
  location: 'Bright Smiles, 1 Main St, Springfield',
  now: new Date('2026-03-02T12:00:05.123Z'),
};

const unfold = (ics: string) => ics.replace(/\r\n /g, '');
const property = (ics: string, name: string) =>
  unfold(ics)
    .split('\r\n')
    .find((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));

describe('buildIcsEvent', () => {
  it('writes a New York appointment in UTC, after the DST change, with the zone named', () => {
    const ics = buildIcsEvent(event);
    expect(property(ics, 'DTSTART')).toBe('DTSTART:20260309T130000Z'); // 09:00 EDT
    expect(property(ics, 'DTEND')).toBe('DTEND:20260309T133000Z');
    expect(property(ics, 'DTSTAMP')).toBe('DTSTAMP:20260302T120005Z');
    expect(property(ics, 'X-WR-TIMEZONE')).toBe('X-WR-TIMEZONE:America/New_York');
    expect(buildIcsEvent({ ...event, start: local('2026-03-06T09:00'), end: local('2026-03-06T09:30') })).toContain(
      'DTSTART:20260306T140000Z',
    ); // EST
  });

  it('is a complete calendar with CRLF line endings, and the same UID for the same appointment', () => {
    const ics = buildIcsEvent(event);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(ics).toContain('METHOD:PUBLISH\r\n');
    expect(property(ics, 'UID')).toBe('UID:appointment-3f2a@book.example.com');
    const later = buildIcsEvent({ ...event, now: new Date('2026-03-05T08:00:00Z'), summary: 'Moved' });
    expect(property(later, 'UID')).toBe(property(ics, 'UID'));
  });

  it('escapes commas, semicolons, backslashes and line breaks in text', () => {
    expect(escapeText('a,b;c\\d\ne\r\nf\rg')).toBe('a\\,b\\;c\\\\d\\ne\\nf\\ng');
    const ics = buildIcsEvent(event);
    expect(property(ics, 'DESCRIPTION')).toBe('DESCRIPTION:With Dr. One.\\nPlease arrive 10 minutes early.');
    expect(property(ics, 'LOCATION')).toBe('LOCATION:Bright Smiles\\, 1 Main St\\, Springfield');
  });

  it('adds an organizer only with an address, quoting the name', () => {
    expect(buildIcsEvent({ ...event, organizerName: 'Bright Smiles' })).not.toContain('ORGANIZER');
    expect(
      buildIcsEvent({ ...event, organizerName: 'Smiles: "Bright", Inc', organizerEmail: 'front@bright.example' }),
    ).toContain('ORGANIZER;CN="Smiles: Bright, Inc":mailto:front@bright.example\r\n');
  });

  it('refuses an event that does not end after it starts', () => {
    expect(() => buildIcsEvent({ ...event, end: event.start })).toThrow(RangeError);
  });
});

describe('foldLine', () => {
  const octets = (text: string) => new TextEncoder().encode(text).length;

  it('keeps every line within 75 octets and unfolds to the original', () => {
    const line = `DESCRIPTION:${'x'.repeat(200)}`;
    const folded = foldLine(line);
    const lines = folded.split('\r\n');
    expect(lines.map(octets)).toEqual([75, 75, 64]); // 212 octets: 75 + (1 + 74) + (1 + 63)
    expect(lines.slice(1).every((continuation) => continuation.startsWith(' '))).toBe(true);
    expect(unfold(folded)).toBe(line);
  });

  it('leaves a 75-octet line alone and never splits a multi-byte character', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    const line = `SUMMARY:${'é'.repeat(40)}😀${'ü'.repeat(40)}`;
    const lines = foldLine(line).split('\r\n');
    expect(lines.every((piece) => octets(piece) <= 75)).toBe(true);
    expect(lines.every((piece) => !piece.includes('\uFFFD'))).toBe(true);
    expect(unfold(foldLine(line))).toBe(line);
    expect(octets(lines[0]!)).toBe(74); // the next two-byte é would have made 76
  });

  it('folds long properties inside a whole event', () => {
    const ics = buildIcsEvent({ ...event, description: 'Long, detailed instructions; '.repeat(10) });
    expect(ics.split('\r\n').every((line) => octets(line) <= 75)).toBe(true);
    expect(property(ics, 'DESCRIPTION')).toBe(`DESCRIPTION:${'Long\\, detailed instructions\\; '.repeat(10)}`);
  });
});

describe("bookingIcs: one event for a booking's whole life (ADR 0035)", () => {
  const people = {
    organizerName: 'Bright Smiles',
    organizerEmail: 'desk@bright.example',
    attendee: { name: 'Ana "Annie" López', email: 'ana@example.com' },
  };

  it('invites, updates with a higher SEQUENCE under the same UID, then cancels', () => {
    const booked = bookingIcs('booked', { ...event, ...people, sequence: 0 });
    const moved = bookingIcs('rescheduled', {
      ...event,
      ...people,
      sequence: 1,
      start: local('2026-03-10T09:00'),
      end: local('2026-03-10T09:30'),
    });
    const cancelled = bookingIcs('cancelled', {
      ...event,
      ...people,
      sequence: 1,
      start: local('2026-03-10T09:00'),
      end: local('2026-03-10T09:30'),
    });
    for (const ics of [booked, moved, cancelled])
      expect(property(ics, 'UID')).toBe('UID:appointment-3f2a@book.example.com');
    expect([booked, moved, cancelled].map((ics) => property(ics, 'METHOD'))).toEqual([
      'METHOD:REQUEST',
      'METHOD:REQUEST',
      'METHOD:CANCEL',
    ]);
    // The cancellation is a revision of its own, above the move (RFC 5546, ADR 0035 amended).
    expect([booked, moved, cancelled].map((ics) => property(ics, 'SEQUENCE'))).toEqual([
      'SEQUENCE:0',
      'SEQUENCE:1',
      'SEQUENCE:2',
    ]);
    expect([booked, moved, cancelled].map((ics) => property(ics, 'STATUS'))).toEqual([
      'STATUS:CONFIRMED',
      'STATUS:CONFIRMED',
      'STATUS:CANCELLED',
    ]);
    expect(property(moved, 'DTSTART')).toBe('DTSTART:20260310T130000Z');
    expect(icsContentType(cancelled)).toBe('text/calendar; charset=utf-8; method=CANCEL');
  });

  it('names the organizer and the patient as RFC 5546 asks, already accepted and asking for no answer', () => {
    const cancelled = bookingIcs('cancelled', { ...event, ...people, sequence: 2 });
    expect(property(cancelled, 'ORGANIZER')).toBe('ORGANIZER;CN="Bright Smiles":mailto:desk@bright.example');
    // The quote inside the name is dropped: a parameter value cannot hold one.
    expect(property(cancelled, 'ATTENDEE')).toBe(
      'ATTENDEE;CN="Ana Annie López";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:ana@example.com',
    );
    for (const line of cancelled.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });

  it('refuses an invitation without an organizer or an attendee, and a negative SEQUENCE', () => {
    expect(() => bookingIcs('booked', { ...event, sequence: 0, attendee: people.attendee })).toThrow(RangeError);
    expect(() => bookingIcs('cancelled', { ...event, sequence: 0, organizerEmail: people.organizerEmail })).toThrow(
      RangeError,
    );
    expect(() => bookingIcs('rescheduled', { ...event, ...people, sequence: -1 })).toThrow(RangeError);
    // A file to import needs neither.
    expect(property(buildIcsEvent({ ...event, sequence: 3 }), 'METHOD')).toBe('METHOD:PUBLISH');
  });
});
