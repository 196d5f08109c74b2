import type { CSSProperties } from 'react';
import type { StaffAppointment } from '#domain/staff/staff-appointment-schemas.ts';
import { BookingBadges } from '../bookings/booking-badges.tsx';
import { bookingBadges, isInactive, patientName } from '../bookings/booking-labels.ts';
import { clockTime } from '../shared/console-dates.ts';

interface BookingBlockProps {
  appointment: StaffAppointment;
  /** Shown in the week view, where the column is a day rather than a provider or chair. */
  where?: string;
  style: CSSProperties;
  onOpen: (id: string, opener: HTMLElement) => void;
  /** The week view's narrower card: smaller type, words wrapped whole, never cut at its edge (ADR 0067). */
  isCompact?: boolean;
}

const BLOCK_CLASS =
  'absolute flex flex-col items-start overflow-hidden rounded-md border px-1.5 text-left break-words shadow-sm ' +
  'focus-visible:z-10';

/** One booking on the grid: a button whose name says everything the block shows. */
export function BookingBlock({ appointment, where, style, onOpen, isCompact = false }: BookingBlockProps) {
  const ended = isInactive(appointment.status);
  return (
    <button
      type="button"
      style={style}
      onClick={(event) => onOpen(appointment.id, event.currentTarget)}
      className={`${BLOCK_CLASS} ${
        isCompact ? 'gap-0 py-0.5 text-xs leading-tight' : 'gap-0.5 py-1 text-sm'
      } ${ended ? 'border-slate-300 bg-slate-50 text-slate-700' : 'border-blue-300 bg-blue-50 text-slate-900'}`}
    >
      {/* The name first: a 15-minute visit has room for one line. */}
      <span className="flex flex-wrap items-baseline gap-x-1.5">
        <span className={`font-semibold ${ended ? 'line-through' : ''}`}>{patientName(appointment.patient)}</span>
        <span className="text-xs">
          <span className="sr-only">, </span>
          {clockTime(appointment.start_time)}–{clockTime(appointment.end_time)}
        </span>
      </span>
      <span>
        <span className="sr-only">, </span>
        {appointment.reason.name}
        {where && <span className="text-slate-700"> · {where}</span>}
      </span>
      <BookingBadges badges={bookingBadges(appointment)} />
    </button>
  );
}
