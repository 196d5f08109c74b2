import type { ScheduleBlock, StaffAppointment } from '#domain/staff/staff-appointment-schemas.ts';
import { minutesToClock } from '../shared/console-dates.ts';
import { PX_PER_MINUTE, ScheduleColumn } from './schedule-column.tsx';
import type { GridColumn, Span } from './schedule-layout.ts';

interface ScheduleGridProps {
  columns: GridColumn[];
  range: Span;
  whereOf?: (appointment: StaffAppointment) => string;
  onOpen: (id: string, opener: HTMLElement) => void;
  onFreeTime?: (column: GridColumn, minutes: number) => void;
  onBlock?: (block: ScheduleBlock, opener: HTMLElement) => void;
}

/** The time grid: the hours down the left (for the eye; each booking names its own time), a column per provider, chair or day. */
export function ScheduleGrid({ columns, range, whereOf, onOpen, onFreeTime, onBlock }: ScheduleGridProps) {
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
      <div aria-hidden="true" className="sticky left-0 z-30 w-16 shrink-0 bg-white">
        <div className="sticky top-0 h-12 border-b border-slate-300 bg-white" />
        {hours.map((minutes) => (
          <div key={minutes} className="pr-1 text-right text-xs text-slate-700" style={{ height: 60 * PX_PER_MINUTE }}>
            {minutesToClock(minutes)}
          </div>
        ))}
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
          />
        ))
      )}
    </div>
  );
}
