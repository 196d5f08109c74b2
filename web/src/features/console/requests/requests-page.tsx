import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { phoneHref } from '#domain/format/phone-format.ts';
import type { StaffRequestItem } from '#domain/staff/staff-requests-schemas.ts';
import { BookingDetailPanel } from '../bookings/booking-detail-panel.tsx';
import { patientName } from '../bookings/booking-labels.ts';
import { instantText } from '../shared/console-dates.ts';
import { ErrorNote } from '../shared/console-notes.tsx';
import { linkClass } from '../shared/console-styles.ts';
import { requestsQuery } from './requests-api.ts';
import { useStaffSession } from '../staff-session-context.ts';
import { useFocusReturn } from '../shared/use-focus-return.ts';

/**
 * `/console/requests`: bookings made while the practice's system offered no times, oldest first
 * (they cannot sit in the schedule's grid). Staff call the patient, then open one to give it a
 * time (the booking panel's reschedule) or cancel it; the list refreshes as a poll.
 */
export function RequestsPage() {
  const session = useStaffSession();
  const [opened, setOpened] = useState<string | null>(null);
  const rememberOpener = useFocusReturn(opened !== null, () =>
    document.querySelector<HTMLElement>('#requests-heading'),
  );
  const list = useQuery(requestsQuery(session.practice.id));
  const data = list.data;
  const open = (id: string, from: HTMLElement) => {
    rememberOpener(from);
    setOpened(id);
  };

  return (
    <>
      <main className="flex flex-col gap-3 px-4 py-3" inert={opened !== null}>
        <h1 id="requests-heading" tabIndex={-1} className="text-xl font-semibold">
          Requests without a time
        </h1>
        <p className="max-w-prose text-slate-700">
          Patients asked for these while the practice’s system could not offer times. Call the patient, then open the
          request to give it a time or cancel it.
        </p>
        {list.isError && <ErrorNote>{list.error.message}</ErrorNote>}
        {list.isPending && <p role="status">Loading the requests…</p>}
        {data && data.requests.length === 0 && <p>No open requests.</p>}
        {data && data.total > data.requests.length && (
          <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
            Showing the oldest {data.requests.length} of {data.total} requests. The rest appear as these are given a
            time or cancelled.
          </p>
        )}
        {data && data.requests.length > 0 && (
          <ul aria-label="Open requests" className="flex flex-col gap-2">
            {data.requests.map((item) => (
              <RequestItem key={item.id} item={item} timeZone={session.practice.time_zone} onOpen={open} />
            ))}
          </ul>
        )}
      </main>
      {opened && <BookingDetailPanel id={opened} providers={data?.providers ?? []} onClose={() => setOpened(null)} />}
    </>
  );
}

function RequestItem({
  item,
  timeZone,
  onOpen,
}: {
  item: StaffRequestItem;
  timeZone: string;
  onOpen: (id: string, from: HTMLElement) => void;
}) {
  const asked = item.provider
    ? `asked for ${item.provider.name ?? `provider ${item.provider.pms_prov_num}`}`
    : 'any provider';
  return (
    <li className="flex flex-col gap-1 rounded-md border border-slate-300 bg-white p-3">
      <button
        type="button"
        onClick={(event) => onOpen(item.id, event.currentTarget)}
        className="flex min-h-11 flex-col items-start text-left"
      >
        <span className="font-semibold">
          {patientName(item.patient)} · {item.reason.name}
        </span>
        <span className="text-sm text-slate-700">
          {item.patient.is_new ? 'New patient' : 'Returning patient'} · {asked}
          {item.clinic_name ? ` · ${item.clinic_name}` : ''} · requested {instantText(item.created_at, timeZone)} ·
          reference {item.reference}
        </span>
      </button>
      <p className="flex flex-wrap gap-x-4 text-sm">
        {item.booked_by && <span>Booked by {patientName(item.booked_by)}</span>}
        {item.phone && (
          <a href={phoneHref(item.phone)} className={`${linkClass} inline-flex min-h-11 items-center`}>
            Call {item.phone}
          </a>
        )}
        {item.email && <span className="inline-flex min-h-11 items-center">{item.email}</span>}
        {!item.phone && !item.email && <span>No contact given</span>}
      </p>
    </li>
  );
}
