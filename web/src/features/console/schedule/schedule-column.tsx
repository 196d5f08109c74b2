import type { ScheduleBlock, StaffAppointment } from '#domain/staff/staff-appointment-schemas.ts';
import { BookingBlock } from './booking-block.tsx';
import { bookingSpan, placeInLanes, SHADE_LABEL_PERCENT, type GridColumn, type Span } from './schedule-layout.ts';
import { ShadedTime } from './shaded-time.tsx';

/** Height of a minute on the grid: a 15-minute visit is still two lines tall. */
export const PX_PER_MINUTE = 2;

interface ScheduleColumnProps {
  column: GridColumn;
  range: Span;
  whereOf?: (appointment: StaffAppointment) => string;
  onOpen: (id: string, opener: HTMLElement) => void;
  /** A tap (or click) on time with nothing on it, rounded down to the quarter hour: the keyboard has the toolbar's button for this. */
  onFreeTime?: (column: GridColumn, minutes: number) => void;
  /** Time staff blocked (it has an id) is a button that offers to remove it. */
  onBlock?: (block: ScheduleBlock, opener: HTMLElement) => void;
  /** The minute of the current-time line, when it falls on this column's day and hours. */
  nowMinutes?: number | null;
  /** A day of the week view: wider, so a booking's words wrap rather than being cut. */
  isWeek?: boolean;
}

/** One column of the grid: its heading, the shaded time nobody can book, and the bookings at their times, in time order. */
export function ScheduleColumn(props: ScheduleColumnProps) {
  const { column, range, whereOf, onOpen, onFreeTime, onBlock, nowMinutes = null, isWeek = false } = props;
  const headingId = `column-${column.key}`;
  const top = (minutes: number) => (Math.max(minutes, range.startMin) - range.startMin) * PX_PER_MINUTE;
  const height = (span: Span) => Math.max(top(Math.min(span.endMin, range.endMin)) - top(span.startMin), 0);
  const placed = placeInLanes(column.bookings, bookingSpan);
  const overlapsShade = (span: Span) => column.shaded.some((shaded) => overlaps(shaded, span));
  // Bookings over shaded time leave its label a strip on the right, so "Blocked: meeting" stays readable (ADR 0067).
  const isShadeCovered = (shaded: Span) =>
    column.bookings.some((b) => overlapsShade(bookingSpan(b)) && overlaps(shaded, bookingSpan(b)));
  return (
    <section
      aria-labelledby={headingId}
      className={`${isWeek ? 'min-w-40' : 'min-w-28'} flex-1 self-start border-l border-slate-300`}
    >
      <h2
        id={headingId}
        className={
          'sticky top-0 z-20 flex h-12 items-center justify-center border-b border-slate-300 bg-white px-1 ' +
          'text-center text-sm font-semibold'
        }
      >
        {column.label}
      </h2>
      <div
        className={`relative bg-white ${onFreeTime ? 'cursor-pointer' : ''}`}
        style={{
          height: (range.endMin - range.startMin) * PX_PER_MINUTE,
          backgroundImage: HOUR_LINES,
          backgroundSize: `100% ${60 * PX_PER_MINUTE}px`,
        }}
        onClick={(event) => {
          if (!onFreeTime || event.target !== event.currentTarget) return;
          const minutes = (event.clientY - event.currentTarget.getBoundingClientRect().top) / PX_PER_MINUTE;
          onFreeTime(column, range.startMin + Math.floor(minutes / 15) * 15);
        }}
      >
        {column.shaded.map((shaded, index) => (
          <ShadedTime
            key={`${shaded.block.id ?? shaded.block.kind}-${index}`}
            shaded={shaded}
            style={{ top: top(shaded.startMin), height: height(shaded), backgroundImage: SHADE }}
            isLabelBeside={isShadeCovered(shaded)}
            onBlock={onBlock}
          />
        ))}
        {placed.length === 0 ? (
          <p className="sr-only">No bookings</p>
        ) : (
          <ol aria-label={`Bookings, ${column.label}`}>
            {placed.map(({ item, lane, lanes }) => {
              const span = bookingSpan(item);
              const share = overlapsShade(span) ? (100 - SHADE_LABEL_PERCENT) / 100 : 1;
              const style = {
                top: top(span.startMin),
                height: Math.max(height(span), 24),
                left: `calc(${(lane / lanes) * 100 * share}% + 2px)`,
                width: `calc(${(100 / lanes) * share}% - 4px)`,
              };
              return (
                <li key={item.id}>
                  <BookingBlock
                    appointment={item}
                    where={whereOf?.(item)}
                    style={style}
                    onOpen={onOpen}
                    isCompact={isWeek}
                  />
                </li>
              );
            })}
          </ol>
        )}
        {nowMinutes !== null && <NowLine top={top(nowMinutes)} />}
      </div>
    </section>
  );
}

/** The current-time line across a column of today (ADR 0067); the gutter names the time. */
function NowLine({ top }: { top: number }) {
  return (
    <div
      aria-hidden="true"
      data-now-line=""
      className="pointer-events-none absolute inset-x-0 z-10 border-t-2 border-red-700"
      style={{ top }}
    />
  );
}

const overlaps = (a: Span, b: Span) => a.startMin < b.endMin && b.startMin < a.endMin;
const HOUR_LINES = 'linear-gradient(to bottom, var(--color-slate-200) 1px, transparent 1px)';
// Diagonal stripes: shaded time reads as closed without relying on its colour alone.
const SHADE = 'repeating-linear-gradient(135deg, var(--color-slate-200) 0 6px, var(--color-slate-100) 6px 12px)';
