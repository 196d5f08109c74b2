import type { StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import { statusText } from './booking-labels.ts';
import { clockTime, dayHeading, otherZoneNote } from '../shared/console-dates.ts';

type OtherBooking = StaffAppointmentDetail['other_bookings'][number];

// Past visits run into other years, so the year is said: "Friday, October 2, 2026, 9:00 AM".
const whenOf = ({ apt_date: date, start_time: time }: OtherBooking, zoneNote: string) =>
  date
    ? [dayHeading(date), date.slice(0, 4), time && `${clockTime(time)}${zoneNote}`].filter(Boolean).join(', ')
    : 'No time yet';

/** The same patient's other bookings, past and future, newest first, as the server lists them (ADR 0063). */
export function OtherBookings({
  bookings,
  timeZone,
  practiceTimeZone,
}: {
  bookings: StaffAppointmentDetail['other_bookings'];
  /** The zone the server gave their wall times in: the booking's clinic's (ADR 0061). */
  timeZone: string;
  practiceTimeZone: string;
}) {
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-base font-semibold">Other bookings of this patient</h3>
      {bookings.length === 0 ? (
        <p className="text-slate-700">None.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {bookings.map((booking) => (
            <li key={booking.id}>
              {[
                whenOf(booking, otherZoneNote({ ...booking, time_zone: timeZone }, practiceTimeZone)),
                booking.reason_name,
                booking.provider_name,
                statusText(booking.status),
                `reference ${booking.reference}`,
              ]
                .filter(Boolean)
                .join(' · ')}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
