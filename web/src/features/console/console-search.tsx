import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { BookingBadges } from './bookings/booking-badges.tsx';
import { BookingDetailPanel } from './bookings/booking-detail-panel.tsx';
import { bookingBadges, patientName } from './bookings/booking-labels.ts';
import { clockTime, dayHeading, otherZoneNote, todayIn } from './shared/console-dates.ts';
import { ConsoleDialog } from './shared/console-dialog.tsx';
import { ErrorNote } from './shared/console-notes.tsx';
import { secondaryButtonClass } from './shared/console-styles.ts';
import { scheduleQuery } from './schedule/schedule-api.ts';
import { searchQuery } from './search-api.ts';
import { useStaffSession } from './staff-session-context.ts';
import { useFocusReturn } from './shared/use-focus-return.ts';
import { OpenRowButton } from './shared/open-row-button.tsx';

/** "/" moves to the search field, except while typing or in a dialog (the same places the schedule's keys keep out of). */
function useSlashFocus(input: RefObject<HTMLInputElement | null>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey) return;
      const target = event.target;
      if (
        target instanceof HTMLElement &&
        (target.isContentEditable || target.closest('input, textarea, select, [role="dialog"]'))
      )
        return;
      if (document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      input.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [input]);
}

/** The header's booking search: a name, phone, e-mail or reference; the results open in a panel, and a result opens the booking's details. */
export function ConsoleSearch() {
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [asked, setAsked] = useState<string | null>(null);
  const rememberOpener = useFocusReturn(asked !== null, () => input.current);
  useSlashFocus(input);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (input.current) rememberOpener(input.current);
    setAsked(input.current?.value ?? '');
  };

  return (
    <>
      <form role="search" onSubmit={submit} className="flex items-end gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          Search bookings
        </label>
        <input
          ref={input}
          id={inputId}
          type="search"
          aria-keyshortcuts="/"
          placeholder="Name, phone, e-mail or reference"
          className="min-h-11 w-64 rounded-md border border-slate-400 bg-white px-3"
        />
        <button type="submit" className={secondaryButtonClass}>
          Search
        </button>
      </form>
      {asked !== null && <SearchResults q={asked} onClose={() => setAsked(null)} />}
    </>
  );
}

function SearchResults({ q, onClose }: { q: string; onClose: () => void }) {
  const session = useStaffSession();
  const results = useQuery(searchQuery(session.practice.id, q));
  const [opened, setOpened] = useState<string | null>(null);
  const rememberOpener = useFocusReturn(opened !== null);
  // Rescheduling from a result needs the practice's providers: today's schedule has them, read once.
  const today = todayIn(session.practice.time_zone);
  const schedule = useQuery({
    ...scheduleQuery(session.practice.id, today, today),
    enabled: opened !== null,
    refetchInterval: false,
  });

  const found = results.data?.appointments;
  return (
    <>
      <div inert={opened !== null}>
        <ConsoleDialog shape="panel" title={`Search results for “${q.trim()}”`} onClose={onClose}>
          {results.isPending && <p role="status">Searching…</p>}
          {results.isError && <ErrorNote>{results.error.message}</ErrorNote>}
          {found && found.length === 0 && <p role="status">No bookings found.</p>}
          {found && found.length > 0 && (
            <ul aria-label="Bookings found" className="flex flex-col gap-2">
              {found.map((appointment) => (
                <li key={appointment.id}>
                  <OpenRowButton
                    onOpen={(opener) => {
                      rememberOpener(opener);
                      setOpened(appointment.id);
                    }}
                  >
                    <span className="font-semibold">{patientName(appointment.patient)}</span>
                    <span>
                      <span className="sr-only">, </span>
                      {appointment.apt_date ? dayHeading(appointment.apt_date) : 'No date'}
                      {appointment.start_time ? `, ${clockTime(appointment.start_time)}` : ''}
                      {otherZoneNote(appointment, session.practice.time_zone)} · {appointment.reason.name} ·{' '}
                      {appointment.reference}
                    </span>
                    <BookingBadges badges={bookingBadges(appointment)} />
                  </OpenRowButton>
                </li>
              ))}
            </ul>
          )}
        </ConsoleDialog>
      </div>
      {opened && (
        <BookingDetailPanel id={opened} providers={schedule.data?.providers ?? []} onClose={() => setOpened(null)} />
      )}
    </>
  );
}
