import type { ScheduleBlock, StaffAppointment } from '#domain/staff/staff-appointment-schemas.ts';
import { BookingBlock } from './booking-block.tsx';
import { bookingSpan, placeInLanes, type GridColumn, type Span } from './schedule-layout.ts';
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
}

/** One column of the grid: its heading, the shaded time nobody can book, and the bookings at their times, in time order. */
export function ScheduleColumn({ column, range, whereOf, onOpen, onFreeTime, onBlock }: ScheduleColumnProps) {
  const headingId = `column-${column.key}`;
  const top = (minutes: number) => (Math.max(minutes, range.startMin) - range.startMin) * PX_PER_MINUTE;
  const height = (span: Span) => Math.max(top(Math.min(span.endMin, range.endMin)) - top(span.startMin), 0);
  const placed = placeInLanes(column.bookings, bookingSpan);
  return (
    <section aria-labelledby={headingId} className="min-w-28 flex-1 border-l border-slate-300">
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
            onBlock={onBlock}
          />
        ))}
        {placed.length === 0 ? (
          <p className="sr-only">No bookings</p>
        ) : (
          <ol aria-label={`Bookings, ${column.label}`}>
            {placed.map(({ item, lane, lanes }) => {
              const span = bookingSpan(item);
              const style = {
                top: top(span.startMin),
                height: Math.max(height(span), 24),
                left: `calc(${(lane / lanes) * 100}% + 2px)`,
                width: `calc(${100 / lanes}% - 4px)`,
              };
              return (
                <li key={item.id}>
                  <BookingBlock appointment={item} where={whereOf?.(item)} style={style} onOpen={onOpen} />
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
}

const HOUR_LINES = 'linear-gradient(to bottom, var(--color-slate-200) 1px, transparent 1px)';
// Diagonal stripes: shaded time reads as closed without relying on its colour alone.
const SHADE = 'repeating-linear-gradient(135deg, var(--color-slate-200) 0 6px, var(--color-slate-100) 6px 12px)';
