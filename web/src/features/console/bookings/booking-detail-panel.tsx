import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import type { StaffAppointmentDetail, StaffSchedule } from '#domain/staff/staff-appointment-schemas.ts';
import { appointmentQuery } from './appointment-api.ts';
import { BookingActions, type SubDialog } from './booking-actions.tsx';
import { BookingActivity } from './booking-activity.tsx';
import { BookingBadges } from './booking-badges.tsx';
import { BookingFacts } from './booking-facts.tsx';
import { bookingBadges, patientName } from './booking-labels.ts';
import { CancelDialog } from './cancel-dialog.tsx';
import { clockTime, dayHeading, otherZoneNote } from '../shared/console-dates.ts';
import { ConsoleDialog } from '../shared/console-dialog.tsx';
import { ErrorNote } from '../shared/console-notes.tsx';
import { PatientReplies } from './patient-replies.tsx';
import { RescheduleDialog } from './reschedule-dialog.tsx';
import { ReviewRequestDialog } from './review-request-dialog.tsx';
import { useStaffSession } from '../staff-session-context.ts';
import { useFocusReturn } from '../shared/use-focus-return.ts';

interface BookingDetailPanelProps {
  id: string;
  providers: StaffSchedule['providers'];
  onClose: () => void;
}

/**
 * A booking's details beside the schedule (each opening is an audit row on the server) and what
 * staff may do with it now. After an action the panel shows the booking as the server answered it,
 * and the schedule is read again at once rather than at its next poll.
 */
export function BookingDetailPanel({ id, providers, onClose }: BookingDetailPanelProps) {
  const session = useStaffSession();
  const query = appointmentQuery(session.practice.id, id);
  const detail = useQuery(query);
  const { sub, setSub, done, doneId, changed, told, openSub } = usePanelActions(query.queryKey);

  const data = detail.data;
  return (
    <>
      <div inert={sub !== null}>
        <ConsoleDialog shape="panel" title={data ? patientName(data.patient) : 'Booking'} onClose={onClose}>
          {detail.isPending && <p role="status">Loading the booking…</p>}
          {detail.isError && <ErrorNote>{detail.error.message}</ErrorNote>}
          {data && (
            <>
              <BookingWhen detail={data} practiceTimeZone={session.practice.time_zone} />
              <p
                id={doneId}
                role="status"
                tabIndex={-1}
                className={done ? 'rounded-md border border-emerald-300 bg-emerald-50 p-3 text-emerald-900' : 'sr-only'}
              >
                {done}
              </p>
              <BookingActions detail={data} onChanged={changed} onOpen={openSub} />
              <BookingFacts detail={data} timeZone={session.practice.time_zone} />
              <BookingActivity detail={data} timeZone={session.practice.time_zone} />
              <PatientReplies replies={data.replies} timeZone={session.practice.time_zone} />
            </>
          )}
        </ConsoleDialog>
      </div>
      {data && sub === 'cancel' && (
        <CancelDialog
          detail={data}
          onClose={() => setSub(null)}
          onCancelled={(next) => changed(next, 'Cancelled. The patient is told.')}
        />
      )}
      {data && sub === 'reschedule' && (
        <RescheduleDialog
          detail={data}
          providers={providers}
          onClose={() => setSub(null)}
          onMoved={(next) =>
            changed(
              next,
              data.status === 'requested'
                ? 'Booked. The patient gets the confirmation.'
                : 'Rescheduled. The patient is told.',
            )
          }
        />
      )}
      {data && sub === 'review' && <ReviewRequestDialog detail={data} onClose={() => setSub(null)} onSent={told} />}
    </>
  );
}

/**
 * The panel's sub-dialog and the sentence that says what an action did. After a change the panel
 * shows the booking as the server answered it, and the schedule and requests are read again.
 */
function usePanelActions(queryKey: readonly unknown[]) {
  const queryClient = useQueryClient();
  const [sub, setSub] = useState<SubDialog | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const doneId = useId();
  const rememberOpener = useFocusReturn(sub !== null, () => document.getElementById(doneId));
  // The button pressed may be gone with the state it offered (Confirm, once confirmed): the
  // result takes the focus then.
  useEffect(() => {
    if (done && (document.activeElement === document.body || document.activeElement === null))
      document.getElementById(doneId)?.focus();
  }, [done, doneId]);

  const changed = (next: StaffAppointmentDetail, what: string) => {
    queryClient.setQueryData(queryKey, next);
    void queryClient.invalidateQueries({ queryKey: ['schedule'] });
    // A request given a time or cancelled leaves the requests' list and its count.
    void queryClient.invalidateQueries({ queryKey: ['requests'] });
    setDone(what);
    setSub(null);
  };
  const told = (what: string) => {
    setDone(what);
    setSub(null);
  };
  const openSub = (which: SubDialog, opener: HTMLElement) => {
    rememberOpener(opener);
    setDone(null);
    setSub(which);
  };
  return { sub, setSub, done, doneId, changed, told, openSub };
}

/** When the visit is (or that it has no time yet), its reason and reference, and its badges. */
function BookingWhen({ detail, practiceTimeZone }: { detail: StaffAppointmentDetail; practiceTimeZone: string }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-lg font-medium">
        {detail.apt_date && detail.start_time && detail.end_time
          ? `${dayHeading(detail.apt_date)}, ${clockTime(detail.start_time)}–${clockTime(detail.end_time)}` +
            otherZoneNote(detail, practiceTimeZone)
          : 'No time yet: a request to call the patient back'}
      </p>
      <p>
        {detail.reason.name} · reference {detail.reference}
      </p>
      <BookingBadges badges={bookingBadges(detail)} />
    </div>
  );
}
