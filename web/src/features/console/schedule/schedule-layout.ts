import type { ScheduleBlock, StaffAppointment, StaffSchedule } from '#domain/staff/staff-appointment-schemas.ts';
import { MS_PER_DAY, MS_PER_MINUTE, parseLocalDate } from '#domain/time/local-date.ts';
import { parseTimeOfDay } from '#domain/time/wall-clock.ts';
import { instantToWall } from '#domain/time/zoned-time.ts';

/** Minutes since the practice's midnight, for the time grid. */
export interface Span {
  startMin: number;
  endMin: number;
}

export interface ShadedSpan extends Span {
  block: ScheduleBlock;
}

export interface GridColumn {
  key: string;
  label: string;
  date: string;
  /** The provider of a provider's column: a booking made from it is with them. */
  provider?: number;
  bookings: StaffAppointment[];
  shaded: ShadedSpan[];
}

/** The share of a column kept for a shaded time's label beside the bookings over it (ADR 0067). */
export const SHADE_LABEL_PERCENT = 35;

const DAY_MINUTES = 24 * 60;
const FALLBACK_HOURS: Span = { startMin: 8 * 60, endMin: 17 * 60 };

/** A thing of clinic `clinic` (null: not tied to one) belongs on the page of `selected` (null: the practice has one). */
export const inClinic = (clinic: number | null, selected: number | null) =>
  selected === null || clinic === null || clinic === selected;

export const bookingSpan = (appointment: StaffAppointment): Span => ({
  startMin: parseTimeOfDay(appointment.start_time),
  endMin: Math.max(parseTimeOfDay(appointment.end_time), parseTimeOfDay(appointment.start_time) + 5),
});

/** The part of a block on `date` in the practice's zone (a closure may run for days), or null. */
export function blockSpanOn(block: ScheduleBlock, date: string, timeZone: string): Span | null {
  const dayStart = parseLocalDate(date) * MS_PER_DAY;
  const toMinutes = (iso: string) => (instantToWall(Date.parse(iso), timeZone) - dayStart) / MS_PER_MINUTE;
  const span = {
    startMin: Math.max(0, toMinutes(block.starts_at)),
    endMin: Math.min(DAY_MINUTES, toMinutes(block.ends_at)),
  };
  return span.endMin > span.startMin ? span : null;
}

/** Who a block blocks, seen from a column: a whole practice or clinic blocks every column. */
function blocksColumn(block: ScheduleBlock, column: { provider?: number; chair?: number }): boolean {
  if (block.pms_prov_num === null && block.pms_op_num === null) return true;
  return (
    (column.provider !== undefined && block.pms_prov_num === column.provider) ||
    (column.chair !== undefined && block.pms_op_num === column.chair)
  );
}

function shadedOn(
  schedule: StaffSchedule,
  date: string,
  clinic: number | null,
  column: { provider?: number; chair?: number },
): ShadedSpan[] {
  return schedule.blocks.flatMap((block) => {
    if (!inClinic(block.pms_clinic_num, clinic) || !blocksColumn(block, column)) return [];
    const span = blockSpanOn(block, date, schedule.time_zone);
    return span ? [{ ...span, block }] : [];
  });
}

/** The day view: one column per provider or chair (the practice's choice) of the clinic, and one for bookings that fit none. */
export function dayColumns(schedule: StaffSchedule, date: string, clinic: number | null): GridColumn[] {
  const bookings = schedule.appointments.filter((a) => a.apt_date === date && inClinic(a.pms_clinic_num, clinic));
  const byProvider = schedule.columns === 'provider';
  const columns: GridColumn[] = byProvider
    ? schedule.providers
        .filter((p) => clinic === null || p.pms_clinic_nums.length === 0 || p.pms_clinic_nums.includes(clinic))
        .map((p) => ({
          key: `provider-${p.pms_prov_num}`,
          label: p.name,
          date,
          provider: p.pms_prov_num,
          bookings: bookings.filter((a) => a.pms_prov_num === p.pms_prov_num),
          shaded: shadedOn(schedule, date, clinic, { provider: p.pms_prov_num }),
        }))
    : schedule.chairs
        .filter((c) => inClinic(c.pms_clinic_num, clinic))
        .map((c) => ({
          key: `chair-${c.pms_op_num}`,
          label: c.name,
          date,
          bookings: bookings.filter((a) => a.pms_op_num === c.pms_op_num),
          shaded: shadedOn(schedule, date, clinic, { chair: c.pms_op_num }),
        }));
  const placed = new Set(columns.flatMap((column) => column.bookings));
  const elsewhere = bookings.filter((a) => !placed.has(a));
  if (elsewhere.length > 0)
    columns.push({
      key: 'other',
      label: byProvider ? 'Other providers' : 'Other chairs',
      date,
      bookings: elsewhere,
      shaded: [],
    });
  return columns;
}

/** The week view: one column per day, every booking of the clinic in it; only time closed to everyone is shaded. */
export function weekColumns(
  schedule: StaffSchedule,
  dates: string[],
  clinic: number | null,
  dayLabel: (date: string) => string,
): GridColumn[] {
  return dates.map((date) => ({
    key: date,
    label: dayLabel(date),
    date,
    bookings: schedule.appointments.filter((a) => a.apt_date === date && inClinic(a.pms_clinic_num, clinic)),
    shaded: shadedOn(schedule, date, clinic, {}),
  }));
}

/** The grid's hours: the practice's opening hours on those days, widened to whatever is booked or blocked, in whole hours. */
export function gridRange(schedule: StaffSchedule, columns: GridColumn[]): Span {
  const dates = new Set(columns.map((c) => c.date));
  const open = schedule.hours.filter((h) => dates.has(h.date) && h.opens && h.closes);
  const spans: Span[] = [
    ...open.map((h) => ({ startMin: parseTimeOfDay(h.opens!), endMin: parseTimeOfDay(h.closes!) })),
    ...columns.flatMap((c) => c.bookings.map(bookingSpan)),
  ];
  if (spans.length === 0) return FALLBACK_HOURS;
  const startMin = Math.min(...spans.map((s) => s.startMin));
  const endMin = Math.max(...spans.map((s) => s.endMin));
  return { startMin: Math.floor(startMin / 60) * 60, endMin: Math.min(DAY_MINUTES, Math.ceil(endMin / 60) * 60) };
}

/**
 * Side by side where they overlap: each item gets a lane and the number of lanes of its group of
 * overlapping items, so two bookings at one time in one column are both visible.
 */
export function placeInLanes<T>(items: T[], span: (item: T) => Span): { item: T; lane: number; lanes: number }[] {
  const sorted = [...items].sort((a, b) => span(a).startMin - span(b).startMin || span(a).endMin - span(b).endMin);
  const placed: { item: T; lane: number; lanes: number }[] = [];
  let group: { item: T; lane: number; lanes: number }[] = [];
  let laneEnds: number[] = [];
  let groupEnd = -1;
  const closeGroup = () => group.forEach((entry) => (entry.lanes = laneEnds.length));
  for (const item of sorted) {
    const { startMin, endMin } = span(item);
    if (startMin >= groupEnd) {
      closeGroup();
      group = [];
      laneEnds = [];
    }
    let lane = laneEnds.findIndex((end) => end <= startMin);
    if (lane === -1) lane = laneEnds.push(endMin) - 1;
    else laneEnds[lane] = endMin;
    const entry = { item, lane, lanes: 1 };
    group.push(entry);
    placed.push(entry);
    groupEnd = Math.max(groupEnd, endMin);
  }
  closeGroup();
  return placed;
}
