import { describe, expect, it } from 'vitest';
import { calendarLinks } from './calendar-links.ts';

const event = {
  title: 'Bright Smile Dental',
  location: '12 Main St, Austin, TX 78701',
  start: new Date('2026-12-01T15:30:00Z'),
  end: new Date('2026-12-01T16:00:00Z'),
};

describe('calendarLinks', () => {
  it('gives Google the title, the UTC times and the address', () => {
    const url = new URL(calendarLinks(event).google_url);
    expect(url.origin + url.pathname).toBe('https://calendar.google.com/calendar/render');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(url.searchParams.get('text')).toBe('Bright Smile Dental');
    expect(url.searchParams.get('dates')).toBe('20261201T153000Z/20261201T160000Z');
    expect(url.searchParams.get('location')).toBe('12 Main St, Austin, TX 78701');
  });

  it('gives Outlook the same in ISO form', () => {
    const url = new URL(calendarLinks(event).outlook_url);
    expect(url.searchParams.get('subject')).toBe('Bright Smile Dental');
    expect(url.searchParams.get('startdt')).toBe('2026-12-01T15:30:00Z');
    expect(url.searchParams.get('enddt')).toBe('2026-12-01T16:00:00Z');
    expect(url.searchParams.get('location')).toBe('12 Main St, Austin, TX 78701');
  });

  it('carries nothing beyond the title, the place and the time', () => {
    const { google_url, outlook_url } = calendarLinks(event);
    expect([...new URL(google_url).searchParams.keys()].sort()).toEqual(['action', 'dates', 'location', 'text']);
    expect([...new URL(outlook_url).searchParams.keys()].sort()).toEqual([
      'enddt',
      'location',
      'path',
      'rru',
      'startdt',
      'subject',
    ]);
  });
});
