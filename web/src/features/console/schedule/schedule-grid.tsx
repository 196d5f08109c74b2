import type { ScheduleBlock, StaffAppointment } from '#domain/staff/staff-appointment-schemas.ts';
import { minutesToClock } from '../shared/console-dates.ts';
import { PX_PER_MINUTE, ScheduleColumn } from './schedule-column.tsx';
import type { GridColumn, Span } from './schedule-layout.ts';
import { useNowLine } from './use-now-line.ts';

interface ScheduleGridProps {
  columns: GridColumn[];
  range: Span;
  whereOf?: (appointment: StaffAppointment) => string;
  onOpen: (id: string, opener: HTMLElement) => void;
  onFreeTime?: (column: GridColumn, minutes: number) => void;
  onBlock?: (block: ScheduleBlock, opener: HTMLElement) => void;
  /** The schedule's zone, where "now" is read for the current-time line. */
  timeZone: string;
}

/** The time grid: the hours down the left (for the eye; each booking names its own time), a column per provider, chair or day. */
export function ScheduleGrid({ columns, range, whereOf, onOpen, onFreeTime, onBlock, timeZone }: ScheduleGridProps) {
  const now = useNowLine(timeZone);
  const isNowShown = now.minutes >= range.startMin && now.minutes < range.endMin;
  const hours = [];
  for (let minutes = range.startMin; minutes < range.endMin; minutes += 60) hours.push(minutes);
  return (
    // Focusable itself, so the grid scrolls by keyboard on a day without a booking to tab to.
    <div
      role="region"
      aria-label="Schedule grid"
      tabIndex={0}
      className="flex min-h-0 flex-1 overflow-auto border-t border-slate-300 bg-white"
    >
      <div aria-hidden="true" className="sticky left-0 z-30 w-16 shrink-0 self-start bg-white">
        <div className="sticky top-0 h-12 border-b border-slate-300 bg-white" />
        {hours.map((minutes) => (
          <div key={minutes} className="pr-1 text-right text-xs text-slate-700" style={{ height: 60 * PX_PER_MINUTE }}>
            {minutesToClock(minutes)}
          </div>
        ))}
        {isNowShown && columns.some((column) => column.date === now.date) && (
          <div
            className="absolute right-0 -translate-y-1/2 rounded-sm bg-red-700 px-1 text-xs font-semibold text-white"
            style={{ top: 48 + (now.minutes - range.startMin) * PX_PER_MINUTE }}
          >
            {minutesToClock(now.minutes)}
          </div>
        )}
      </div>
      {columns.length === 0 ? (
        <p className="p-4 text-slate-700">No providers or chairs to show for this clinic.</p>
      ) : (
        columns.map((column) => (
          <ScheduleColumn
            key={column.key}
            column={column}
            range={range}
            whereOf={whereOf}
            onOpen={onOpen}
            onFreeTime={onFreeTime}
            onBlock={onBlock}
            nowMinutes={isNowShown && column.date === now.date ? now.minutes : null}
            isWeek={whereOf !== undefined}
          />
        ))
      )}
    </div>
  );
}
