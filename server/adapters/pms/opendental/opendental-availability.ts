import type { BusyInterval, SlotSchedule } from '#domain/availability/slot-query.ts';
import { parseLocalDate, weekdayOf } from '#domain/time/local-date.ts';
import { formatWall, parseLocalDateTime, parseTimeOfDay, type WallMs } from '#domain/time/wall-clock.ts';
import type { OpenDentalTime } from '#domain/booking/booking-events.ts';
import { wallToInstant } from '#domain/time/zoned-time.ts';
import type { OdAppointment, OdSchedule } from './opendental-schemas.ts';

/**
 * Open Dental's own advice for offices with several providers or locations (research doc §4):
 * provider schedules (each with its operatories) are the working time, blockouts and practice
 * days off are taken out, and existing appointments are busy time. This file turns those rows
 * into the pure slot engine's input, so the same engine cuts Open Dental time into slots.
 */

/** What one fetch of an office's data for a range of local dates holds. */
export interface OdSnapshot {
  /** Practice-local dates, inclusive. */
  fromDate: string;
  toDate: string;
  providerSchedules: OdSchedule[];
  blockouts: OdSchedule[];
  practiceSchedules: OdSchedule[];
  appointments: OdAppointment[];
}

/** What the practice offers online (its configuration's active providers, operatories, clinics). */
export interface OfferedSetup {
  providers: ReadonlySet<number>;
  /** Offered operatory -> its clinic (null: not attached to a clinic). */
  operatories: ReadonlyMap<number, number | null>;
  /** Offered clinics; empty when the practice lists none (no clinic filter). */
  clinics: ReadonlySet<number>;
}

export interface OdSlotInputs {
  /** Each local date's working schedules (one weekday each, so they apply to that date only). */
  schedulesByDate: Map<string, SlotSchedule[]>;
  closures: string[];
  busy: BusyInterval[];
}

/** Blockouts block an operatory whoever works in it: a provider number no schedule uses. */
const NO_PROVIDER = -1;
const MINUTES_PER_PATTERN_CHAR = 5;
/** Appointments POST's documented default pattern "/XX/" is 20 minutes. */
const DEFAULT_PATTERN_MINUTES = 20;
const MAX_PATTERN_CHARS = 108; // 9 hours; Open Dental trims longer patterns
/** Statuses that are not on the appointment book (research doc §2.3); every other one is busy. */
const OFF_BOOK_STATUSES = new Set(['Planned', 'UnschedList']);

export function buildSlotInputs(snapshot: OdSnapshot, offered: OfferedSetup, timeZone: string): OdSlotInputs {
  const schedulesByDate = new Map<string, SlotSchedule[]>();
  for (const row of snapshot.providerSchedules) {
    const schedule = toSlotSchedules(row, offered);
    if (schedule.length === 0) continue;
    const list = schedulesByDate.get(row.SchedDate) ?? [];
    list.push(...schedule);
    schedulesByDate.set(row.SchedDate, list);
  }

  const closures: string[] = [];
  const busy: BusyInterval[] = [];
  const allOffered = [...offered.operatories.keys()];
  for (const row of snapshot.practiceSchedules) {
    const span = scheduleSpan(row);
    if (!span) continue;
    // A practice row without hours (00:00-00:00) is a holiday or a closed day.
    if (span.isWholeDay) closures.push(row.SchedDate);
    else busy.push(...blockOperatories(allOffered, span, timeZone));
  }
  for (const row of snapshot.blockouts) {
    const span = scheduleSpan(row);
    if (!span) continue;
    const ops = operatoryList(row.operatories);
    // A blockout that names no operatory is taken to cover them all (never offer a blocked time).
    busy.push(...blockOperatories(ops.length > 0 ? ops : allOffered, span, timeZone));
  }
  for (const appointment of snapshot.appointments) busy.push(...appointmentBusy(appointment, timeZone));
  return { schedulesByDate, closures, busy };
}

/** One SlotSchedule per offered operatory of an offered provider's schedule row. */
function toSlotSchedules(row: OdSchedule, offered: OfferedSetup): SlotSchedule[] {
  if (row.SchedType !== 'Provider' || !offered.providers.has(row.ProvNum)) return [];
  const span = scheduleSpan(row);
  if (!span || span.isWholeDay) return [];
  const weekday = weekdayOf(row.SchedDate);
  return operatoryList(row.operatories).flatMap((opNum) => {
    if (!offered.operatories.has(opNum)) return [];
    const clinicNum = offered.operatories.get(opNum) ?? null;
    if (clinicNum !== null && offered.clinics.size > 0 && !offered.clinics.has(clinicNum)) return [];
    return [
      { provNum: row.ProvNum, opNum, clinicNum, weekdays: [weekday], start: span.start, end: span.end, breaks: [] },
    ];
  });
}

interface Span {
  date: string;
  /** "HH:mm", end may be "24:00". */
  start: string;
  end: string;
  isWholeDay: boolean;
}

/** A schedule row's hours on its date; null when the row is unreadable. */
function scheduleSpan(row: OdSchedule): Span | null {
  try {
    parseLocalDate(row.SchedDate);
    const start = hoursAndMinutes(row.StartTime);
    let end = hoursAndMinutes(row.StopTime);
    if (start === '00:00' && end === '00:00') return { date: row.SchedDate, start, end: '24:00', isWholeDay: true };
    if (end === '00:00') end = '24:00'; // runs to midnight
    if (parseTimeOfDay(end) <= parseTimeOfDay(start)) return null;
    return { date: row.SchedDate, start, end, isWholeDay: false };
  } catch {
    return null;
  }
}

/** "08:00:00" -> "08:00" (seconds are dropped; schedules sit on whole minutes). */
function hoursAndMinutes(time: string): string {
  const text = time.trim().slice(0, 5);
  parseTimeOfDay(text);
  return text;
}

function operatoryList(text: string): number[] {
  return text
    .split(',')
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

function blockOperatories(ops: readonly number[], span: Span, timeZone: string): BusyInterval[] {
  const day = parseLocalDateTime(`${span.date}T00:00`);
  const start = wallToInstant(day + parseTimeOfDay(span.start) * 60_000, timeZone);
  const end = wallToInstant(day + parseTimeOfDay(span.end) * 60_000, timeZone);
  return ops.map((opNum) => ({ provNum: NO_PROVIDER, opNum, start, end }));
}

/**
 * An appointment on the book blocks its operatory and its provider (and hygienist) for its whole
 * pattern. Open Dental's provider-only time ("X") is not used to free the "/" assistant time:
 * never offering a time is safer than offering one the provider cannot take.
 */
export function appointmentBusy(appointment: OdAppointment, timeZone: string): BusyInterval[] {
  if (OFF_BOOK_STATUSES.has(appointment.AptStatus) || appointment.Op <= 0) return [];
  const wall = parseOdDateTime(appointment.AptDateTime);
  if (wall === null) return [];
  const start = wallToInstant(wall, timeZone);
  const end = start + patternMinutes(appointment.Pattern) * 60_000;
  const providers = [appointment.ProvNum, appointment.ProvHyg].filter((n) => n > 0);
  if (providers.length === 0) providers.push(NO_PROVIDER);
  return providers.map((provNum) => ({ provNum, opNum: appointment.Op, start, end }));
}

/** The time an appointment holds on the book, on the office's wall clock; null when it holds none (ADR 0071). */
export function appointmentTime(appointment: OdAppointment): OpenDentalTime | null {
  if (OFF_BOOK_STATUSES.has(appointment.AptStatus) || appointment.Op <= 0) return null;
  const wall = parseOdDateTime(appointment.AptDateTime);
  if (wall === null) return null;
  return {
    pms_apt_num: appointment.AptNum,
    pms_prov_num: appointment.ProvNum,
    pms_op_num: appointment.Op,
    start: formatWall(wall).slice(0, 16),
    end: formatWall(wall + patternMinutes(appointment.Pattern) * 60_000).slice(0, 16),
  };
}

/** "2026-03-03 09:00:00" (office wall time) -> wall ms; null for "0001-01-01 00:00:00" and junk. */
export function parseOdDateTime(text: string): WallMs | null {
  try {
    return parseLocalDateTime(text.trim().slice(0, 16));
  } catch {
    return null;
  }
}

/** Length of an appointment: five minutes per pattern character, at the API (research doc §3). */
export function patternMinutes(pattern: string): number {
  return pattern.length > 0 ? pattern.length * MINUTES_PER_PATTERN_CHAR : DEFAULT_PATTERN_MINUTES;
}

/** The pattern for a length: all provider time ("X"), five minutes a character, rounded up. */
export function patternFor(minutes: number): string {
  const chars = Math.min(MAX_PATTERN_CHARS, Math.max(1, Math.ceil(minutes / MINUTES_PER_PATTERN_CHAR)));
  return 'X'.repeat(chars);
}
