import type { StrandedBooking } from '#domain/api/envelope-schemas.ts';
import { dangerButtonClass, secondaryButtonClass } from '../shared/console-styles.ts';
import { TableHead } from '../shared/table-head.tsx';

const cellClass = 'border-b border-slate-200 p-2 text-left align-top';

interface StrandedBookingsProps {
  bookings: StrandedBooking[];
  isPending: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The bookings a save would leave outside the new times (409 STRANDS_BOOKINGS, ADR 0079): saved only when the owner
 * confirms, and never changed by it, so the list is who to call.
 */
export function StrandedBookings({ bookings, isPending, onConfirm, onCancel }: StrandedBookingsProps) {
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3">
      <p>
        {bookings.length === 1 ? 'This booking falls' : `These ${bookings.length} bookings fall`} outside the new times.
        Saving does not move or cancel them: call the patients to find another time.
      </p>
      <table className="border-collapse bg-white">
        <caption className="sr-only">Bookings outside the new times</caption>
        <TableHead headings={['Reference', 'Date', 'Time', 'Patient']} />
        <tbody>
          {bookings.map((booking) => (
            <tr key={booking.id}>
              <td className={cellClass}>{booking.reference ?? '—'}</td>
              <td className={cellClass}>{booking.apt_date}</td>
              <td className={cellClass}>{booking.start_time.slice(0, 5)}</td>
              <td className={cellClass}>{booking.patient_name}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={dangerButtonClass} disabled={isPending} onClick={onConfirm}>
          Save anyway
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCancel}>
          Keep editing
        </button>
      </div>
    </div>
  );
}
