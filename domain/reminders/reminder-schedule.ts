import { MS_PER_DAY, MS_PER_HOUR, MS_PER_MINUTE } from '../time/local-date.ts';
import { parseTimeOfDay, wallFromParts, epochDayOfWall } from '../time/wall-clock.ts';
import { instantToWall, wallToInstant } from '../time/zoned-time.ts';

/**
 * When a booking's reminders go (ADR 0037): pure maths on instants, the practice's rules
 * and quiet hours, in the practice's time zone. The server plans with `planReminders` when a time
 * is booked or moved, and asks `sendDecision` again when each reminder comes due.
 */

export const REMINDER_CHANNELS = ['email', 'text'] as const;
export type ReminderChannel = (typeof REMINDER_CHANNELS)[number];

export interface ReminderRule {
  before_hours: number;
  channels: ReminderChannel[];
}

/** Local wall-clock times "HH:MM"; texts wait outside (start, end). Equal times: no quiet hours. */
export interface QuietHours {
  start: string;
  end: string;
}

export const DEFAULT_REMINDER_RULES: readonly ReminderRule[] = [
  { before_hours: 48, channels: ['email'] },
  { before_hours: 24, channels: ['text'] },
];
export const DEFAULT_QUIET_HOURS: QuietHours = { start: '20:00', end: '08:00' };

/**
 * A reminder that missed its time (an outage, a backed-up queue) still goes while it is useful:
 * a text at least 2 hours, an e-mail at least 12 hours before the visit.
 */
export const LATE_LIMIT_HOURS: Record<ReminderChannel, number> = { email: 12, text: 2 };

/** Within this of its due time a reminder counts as on time (a queue working through a busy minute). */
export const ON_TIME_GRACE_MS = 30 * MS_PER_MINUTE;

export interface PlannedReminder {
  channel: ReminderChannel;
  beforeHours: number;
  dueAt: Date;
}

export interface ReminderPlanInput {
  startsAt: Date;
  /** When the booking (or the move) happened: a reminder due by then is skipped, the confirmation covers it. */
  now: Date;
  rules: readonly ReminderRule[];
  quietHours: QuietHours;
  timeZone: string;
}

/** Every reminder still to send for a visit, earliest first, one per rule and channel. */
export function planReminders(input: ReminderPlanInput): PlannedReminder[] {
  const planned = new Map<string, PlannedReminder>();
  for (const rule of input.rules) {
    for (const channel of new Set(rule.channels)) {
      const exact = input.startsAt.getTime() - rule.before_hours * MS_PER_HOUR;
      const dueAt = channel === 'text' ? latestAllowedAtOrBefore(exact, input.quietHours, input.timeZone) : exact;
      if (dueAt <= input.now.getTime() || dueAt >= input.startsAt.getTime()) continue;
      planned.set(`${channel}:${rule.before_hours}`, {
        channel,
        beforeHours: rule.before_hours,
        dueAt: new Date(dueAt),
      });
    }
  }
  return [...planned.values()].sort(
    (a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.channel.localeCompare(b.channel),
  );
}

export type SendDecision =
  { send: true } | { send: false; skip: 'started' | 'too_late' } | { send: false; retryAt: Date };

/**
 * Whether a reminder that comes due now goes: never once the visit started; late, only while it
 * is still useful (LATE_LIMIT_HOURS); a late text that lands in quiet hours waits for their end
 * if that is still useful, else it is dropped.
 */
export function sendDecision(input: {
  channel: ReminderChannel;
  dueAt: Date;
  startsAt: Date;
  now: Date;
  quietHours: QuietHours;
  timeZone: string;
}): SendDecision {
  const now = input.now.getTime();
  const startsAt = input.startsAt.getTime();
  if (now >= startsAt) return { send: false, skip: 'started' };
  const usefulUntil = startsAt - LATE_LIMIT_HOURS[input.channel] * MS_PER_HOUR;
  const isLate = now > input.dueAt.getTime() + ON_TIME_GRACE_MS;
  if (isLate && now > usefulUntil) return { send: false, skip: 'too_late' };
  // An on-time text was planned outside quiet hours (a poll's few seconds past 20:00 do not count);
  // a late one that lands in them waits for their end while it stays useful.
  if (isLate && input.channel === 'text' && isQuiet(now, input.quietHours, input.timeZone)) {
    const quietEnds = nextQuietEnd(now, input.quietHours, input.timeZone);
    return quietEnds <= usefulUntil ? { send: false, retryAt: new Date(quietEnds) } : { send: false, skip: 'too_late' };
  }
  return { send: true };
}

interface QuietMinutes {
  start: number;
  end: number;
}

function quietMinutes(quiet: QuietHours): QuietMinutes | null {
  const start = parseTimeOfDay(quiet.start);
  const end = parseTimeOfDay(quiet.end);
  return start === end ? null : { start, end };
}

/** Minutes since local midnight (fractional) and the local day of an instant. */
function localClock(instant: number, timeZone: string): { day: number; minutes: number } {
  const wall = instantToWall(instant, timeZone);
  const day = epochDayOfWall(wall);
  return { day, minutes: (wall - day * MS_PER_DAY) / MS_PER_MINUTE };
}

/** Quiet hours are open at both ends: a text may go at 20:00 and again at 08:00 exactly. */
function isQuietMinute(minutes: number, quiet: QuietMinutes): boolean {
  return quiet.start > quiet.end
    ? minutes > quiet.start || minutes < quiet.end
    : minutes > quiet.start && minutes < quiet.end;
}

export function isQuiet(instant: number, quietHours: QuietHours, timeZone: string): boolean {
  const quiet = quietMinutes(quietHours);
  return quiet !== null && isQuietMinute(localClock(instant, timeZone).minutes, quiet);
}

/** The instant itself when allowed, else the start of the quiet hours it falls in. */
function latestAllowedAtOrBefore(instant: number, quietHours: QuietHours, timeZone: string): number {
  const quiet = quietMinutes(quietHours);
  if (!quiet) return instant;
  const { day, minutes } = localClock(instant, timeZone);
  if (!isQuietMinute(minutes, quiet)) return instant;
  // After midnight in quiet hours that began the evening before.
  const startDay = quiet.start > quiet.end && minutes < quiet.end ? day - 1 : day;
  return Math.min(instant, wallToInstant(wallFromParts(startDay, quiet.start), timeZone));
}

/** The end of the quiet hours an instant falls in. */
function nextQuietEnd(instant: number, quietHours: QuietHours, timeZone: string): number {
  const quiet = quietMinutes(quietHours)!;
  const { day, minutes } = localClock(instant, timeZone);
  const endDay = quiet.start > quiet.end && minutes > quiet.start ? day + 1 : day;
  return Math.max(instant, wallToInstant(wallFromParts(endDay, quiet.end), timeZone));
}
