import { historyWords } from '#domain/staff/booking-history-words.ts';
import type { StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import { instantText } from '../shared/console-dates.ts';
import { messageWords } from './booking-fact-words.ts';

/** The messages the patient was sent, with their delivery, and the booking's history, oldest first. */
export function BookingActivity({ detail, timeZone }: { detail: StaffAppointmentDetail; timeZone: string }) {
  return (
    <>
      <section className="flex flex-col gap-1">
        <h3 className="text-base font-semibold">Messages</h3>
        {detail.messages.length === 0 ? (
          <p className="text-slate-700">No messages sent.</p>
        ) : (
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-1 pr-2">
                  Sent
                </th>
                <th scope="col" className="py-1 pr-2">
                  Message
                </th>
                <th scope="col" className="py-1 pr-2">
                  To
                </th>
                <th scope="col" className="py-1">
                  Delivery
                </th>
              </tr>
            </thead>
            <tbody>
              {detail.messages.map((message, index) => {
                const words = messageWords(message);
                return (
                  <tr key={index} className="border-b border-slate-200 align-top">
                    <td className="py-1 pr-2">{instantText(message.at, timeZone)}</td>
                    <td className="py-1 pr-2">
                      {words.what}, {words.by}
                    </td>
                    <td className="py-1 pr-2">{words.to}</td>
                    <td className="py-1">
                      {words.delivery}
                      {message.error && <span className="block text-red-800">{message.error}</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
      <section className="flex flex-col gap-1">
        <h3 className="text-base font-semibold">History</h3>
        <ol className="flex flex-col gap-1">
          {detail.history.map((entry, index) => {
            const words = historyWords(entry);
            return (
              <li key={index}>
                <span className="text-slate-700">{instantText(entry.at, timeZone)}</span> {words.what}
                <span className="text-slate-700"> ({words.by})</span>
              </li>
            );
          })}
        </ol>
      </section>
    </>
  );
}
