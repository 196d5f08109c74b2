import { useQuery } from '@tanstack/react-query';
import { formatPhone } from '#domain/format/phone-format.ts';
import type { StaffText } from '#domain/staff/staff-texts-schemas.ts';
import { instantText } from '../shared/console-dates.ts';
import { ErrorNote } from '../shared/console-notes.tsx';
import { useStaffSession } from '../staff-session-context.ts';
import { textsQuery } from './texts-api.ts';

const senderOf = (text: StaffText) =>
  text.booking
    ? `${text.booking.first_name} ${text.booking.last_name}, booking ${text.booking.reference}`
    : `${formatPhone(text.from)}, no booking found`;

/**
 * `/console/texts`: what patients texted back that was not a keyword (ADR 0066), newest first, each
 * with the booking it belongs to; the same texts show on their booking's panel.
 */
export function TextsPage() {
  const session = useStaffSession();
  const list = useQuery(textsQuery(session.practice.id));
  return (
    <main className="flex flex-col gap-3 px-4 py-3">
      <h1 className="text-xl font-semibold">Texts from patients</h1>
      {list.isPending && <p role="status">Loading texts…</p>}
      {list.error && <ErrorNote>{list.error.message}</ErrorNote>}
      {list.data?.length === 0 && <p>No texts from patients yet.</p>}
      {list.data && list.data.length > 0 && (
        <ul className="flex max-w-prose flex-col gap-2">
          {list.data.map((text) => (
            <li key={text.id} className="rounded-md border border-slate-300 p-2">
              <p className="font-medium">
                {instantText(text.received_at, session.practice.time_zone)} · {senderOf(text)}
              </p>
              <p className="whitespace-pre-wrap">{text.body}</p>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
