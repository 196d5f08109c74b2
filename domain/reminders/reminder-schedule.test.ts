import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUIET_HOURS,
  DEFAULT_REMINDER_RULES,
  planReminders,
  sendDecision,
  type ReminderPlanInput,
} from './reminder-schedule.ts';

const NEW_YORK = 'America/New_York';
const at = (iso: string) => new Date(iso);

function plan(startsAt: string, now: string, overrides: Partial<ReminderPlanInput> = {}) {
  return planReminders({
    startsAt: at(startsAt),
    now: at(now),
    rules: DEFAULT_REMINDER_RULES,
    quietHours: DEFAULT_QUIET_HOURS,
    timeZone: NEW_YORK,
    ...overrides,
  }).map((r) => ({ channel: r.channel, before: r.beforeHours, dueAt: r.dueAt.toISOString() }));
}

describe('planReminders', () => {
  it('plans the defaults: an e-mail 48 hours and a text 24 hours before', () => {
    // Tuesday 8 December 2026, 10:00 in New York (EST, UTC-5).
    expect(plan('2026-12-08T15:00:00Z', '2026-12-01T15:00:00Z')).toEqual([
      { channel: 'email', before: 48, dueAt: '2026-12-06T15:00:00.000Z' },
      { channel: 'text', before: 24, dueAt: '2026-12-07T15:00:00.000Z' },
    ]);
  });

  it('moves a text that would fall in quiet hours to the latest time before them', () => {
    // 07:30 local: 24 hours before is 07:30, still quiet; the evening before at 20:00 instead.
    expect(plan('2026-12-08T12:30:00Z', '2026-12-01T15:00:00Z')).toContainEqual({
      channel: 'text',
      before: 24,
      dueAt: '2026-12-07T01:00:00.000Z',
    });
    // 22:00 local the day before (a 21:00 visit with a 23-hour rule): 20:00 the same evening.
    const late = plan('2026-12-09T02:00:00Z', '2026-12-01T15:00:00Z', {
      rules: [{ before_hours: 23, channels: ['text'] }],
    });
    expect(late).toEqual([{ channel: 'text', before: 23, dueAt: '2026-12-08T01:00:00.000Z' }]);
  });

  it('keeps e-mails out of quiet hours rules: they go when they are due', () => {
    expect(plan('2026-12-08T12:30:00Z', '2026-12-01T15:00:00Z')).toContainEqual({
      channel: 'email',
      before: 48,
      dueAt: '2026-12-06T12:30:00.000Z',
    });
  });

  it('skips the reminders whose time passed before the booking was made', () => {
    // Booked 30 hours ahead: the 48-hour e-mail is gone, the 24-hour text stays.
    expect(plan('2026-12-08T15:00:00Z', '2026-12-07T09:00:00Z')).toEqual([
      { channel: 'text', before: 24, dueAt: '2026-12-07T15:00:00.000Z' },
    ]);
    // Booked for later today: nothing, the confirmation covers it.
    expect(plan('2026-12-08T15:00:00Z', '2026-12-08T14:00:00Z')).toEqual([]);
    // A text moved back out of quiet hours to before the booking is skipped too.
    expect(plan('2026-12-08T12:30:00Z', '2026-12-07T02:00:00Z')).toEqual([]);
  });

  it('counts hours as elapsed time and judges quiet hours in local time across the spring change', () => {
    // Monday 9 March 2026, 07:30 EDT (UTC-4); New York sprang forward on Sunday 8 March at 02:00.
    // 24 hours before is 07:30 EDT on Sunday, quiet; 20:00 EST (UTC-5) on Saturday instead.
    expect(plan('2026-03-09T11:30:00Z', '2026-03-01T15:00:00Z')).toEqual(
      [
        { channel: 'text', before: 24, dueAt: '2026-03-08T01:00:00.000Z' },
        { channel: 'email', before: 48, dueAt: '2026-03-07T11:30:00.000Z' },
      ].sort((a, b) => a.dueAt.localeCompare(b.dueAt)),
    );
    // 08:30 EDT, 24 hours before: 12:30Z on Sunday, which is 08:30 EDT, allowed.
    expect(plan('2026-03-09T12:30:00Z', '2026-03-01T15:00:00Z')).toContainEqual({
      channel: 'text',
      before: 24,
      dueAt: '2026-03-08T12:30:00.000Z',
    });
  });

  it('judges quiet hours in local time across the autumn change', () => {
    // Monday 2 November 2026, 07:30 EST; clocks fell back on Sunday 1 November at 02:00.
    // 24 hours before is 07:30 EST on Sunday, quiet; 20:00 EDT (UTC-4) on Saturday instead.
    expect(plan('2026-11-02T12:30:00Z', '2026-10-20T15:00:00Z')).toContainEqual({
      channel: 'text',
      before: 24,
      dueAt: '2026-11-01T00:00:00.000Z',
    });
    // 08:00 EST on Sunday is the first allowed minute: 13:00Z.
    expect(plan('2026-11-02T13:00:00Z', '2026-10-20T15:00:00Z')).toContainEqual({
      channel: 'text',
      before: 24,
      dueAt: '2026-11-01T13:00:00.000Z',
    });
  });

  it('plans a moved visit afresh from the time of the move', () => {
    const moved = plan('2026-12-20T15:00:00Z', '2026-12-07T16:00:00Z');
    expect(moved.map((r) => r.dueAt)).toEqual(['2026-12-18T15:00:00.000Z', '2026-12-19T15:00:00.000Z']);
    // Moved to tomorrow morning after today's 10:00: nothing left to remind.
    expect(plan('2026-12-08T15:00:00Z', '2026-12-07T16:00:00Z')).toEqual([]);
  });

  it('sends one reminder per rule and channel, never at or after the start', () => {
    const rules = [{ before_hours: 2, channels: ['text', 'text', 'email'] as const }].map((r) => ({
      ...r,
      channels: [...r.channels],
    }));
    expect(plan('2026-12-08T17:00:00Z', '2026-12-01T15:00:00Z', { rules })).toEqual([
      { channel: 'email', before: 2, dueAt: '2026-12-08T15:00:00.000Z' },
      { channel: 'text', before: 2, dueAt: '2026-12-08T15:00:00.000Z' },
    ]);
  });

  it('reads quiet hours that do not cross midnight, and equal times as none', () => {
    const lunch = { start: '12:00', end: '13:00' };
    // 12:30 local: quiet over lunch, so 12:00.
    expect(plan('2026-12-08T17:30:00Z', '2026-12-01T15:00:00Z', { quietHours: lunch })).toContainEqual({
      channel: 'text',
      before: 24,
      dueAt: '2026-12-07T17:00:00.000Z',
    });
    expect(
      plan('2026-12-08T08:00:00Z', '2026-12-01T15:00:00Z', { quietHours: { start: '00:00', end: '00:00' } }),
    ).toContainEqual({ channel: 'text', before: 24, dueAt: '2026-12-07T08:00:00.000Z' });
  });
});

describe('sendDecision', () => {
  const base = { quietHours: DEFAULT_QUIET_HOURS, timeZone: NEW_YORK };
  // Visit Tuesday 8 December 2026, 14:00 local (19:00Z).
  const startsAt = at('2026-12-08T19:00:00Z');

  it('sends on time, within the grace of a busy queue', () => {
    expect(
      sendDecision({
        ...base,
        channel: 'text',
        dueAt: at('2026-12-07T19:00:00Z'),
        startsAt,
        now: at('2026-12-07T19:20:00Z'),
      }),
    ).toEqual({ send: true });
    // Planned at 20:00 local out of quiet hours: a poll a few seconds later still sends.
    expect(
      sendDecision({
        ...base,
        channel: 'text',
        dueAt: at('2026-12-08T01:00:00Z'),
        startsAt,
        now: at('2026-12-08T01:00:04Z'),
      }),
    ).toEqual({ send: true });
  });

  it('never sends once the visit has started', () => {
    expect(
      sendDecision({ ...base, channel: 'email', dueAt: at('2026-12-06T19:00:00Z'), startsAt, now: startsAt }),
    ).toEqual({ send: false, skip: 'started' });
  });

  it('sends a late e-mail until 12 hours before and a late text until 2 hours before', () => {
    const email = { ...base, channel: 'email' as const, dueAt: at('2026-12-06T19:00:00Z'), startsAt };
    expect(sendDecision({ ...email, now: at('2026-12-08T06:00:00Z') })).toEqual({ send: true });
    expect(sendDecision({ ...email, now: at('2026-12-08T08:00:00Z') })).toEqual({ send: false, skip: 'too_late' });
    const text = { ...base, channel: 'text' as const, dueAt: at('2026-12-07T19:00:00Z'), startsAt };
    expect(sendDecision({ ...text, now: at('2026-12-08T16:30:00Z') })).toEqual({ send: true });
    expect(sendDecision({ ...text, now: at('2026-12-08T17:30:00Z') })).toEqual({ send: false, skip: 'too_late' });
  });

  it('holds a late text in quiet hours until they end, or drops it when that is too late', () => {
    // 23:00 local the evening before a 14:00 visit: 08:00 local (13:00Z) is still useful.
    const text = { ...base, channel: 'text' as const, dueAt: at('2026-12-07T19:00:00Z') };
    expect(sendDecision({ ...text, startsAt, now: at('2026-12-08T04:00:00Z') })).toEqual({
      send: false,
      retryAt: at('2026-12-08T13:00:00Z'),
    });
    // Before a 09:00 visit, 08:00 is less than 2 hours ahead of it.
    expect(sendDecision({ ...text, startsAt: at('2026-12-08T14:00:00Z'), now: at('2026-12-08T04:00:00Z') })).toEqual({
      send: false,
      skip: 'too_late',
    });
  });
});
