import { formatPhone } from '#domain/format/phone-format.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FormEvent } from 'react';
import { FEEDBACK_NOTE_MAX_LENGTH, type StaffFeedbackDetail } from '#domain/staff/staff-inbox-schemas.ts';
import { patientName } from '../bookings/booking-labels.ts';
import { instantText, visitWhen } from '../shared/console-dates.ts';
import { ConsoleDialog } from '../shared/console-dialog.tsx';
import { ErrorNote, StatusNote } from '../shared/console-notes.tsx';
import { inputClass, primaryButtonClass } from '../shared/console-styles.ts';
import { DetailList } from '../shared/detail-list.tsx';
import { feedbackDetailQuery, markFeedbackHandled } from './feedback-api.ts';
import { useStaffSession } from '../staff-session-context.ts';

/** One feedback in full (an audit row on the server), with the patient's contacts and, while open, "Mark handled". */
export function FeedbackPanel({ id, onClose }: { id: string; onClose: () => void }) {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const query = feedbackDetailQuery(session.practice.id, id);
  const detail = useQuery(query);
  const handle = useMutation({
    mutationFn: (note: string) => markFeedbackHandled(session.csrf_token, id, note),
    onSuccess: (next: StaffFeedbackDetail) => {
      queryClient.setQueryData(query.queryKey, next);
      // Both lists and the nav's count change: read them again now.
      void queryClient.invalidateQueries({ queryKey: ['feedback'] });
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    handle.mutate(String(new FormData(event.currentTarget).get('note') ?? ''));
  };

  const data = detail.data;
  const zone = session.practice.time_zone;
  return (
    <ConsoleDialog
      shape="panel"
      title={data ? `Feedback from ${patientName(data.patient)}` : 'Feedback'}
      onClose={onClose}
    >
      {detail.isPending && <p role="status">Loading the feedback…</p>}
      {detail.isError && <ErrorNote>{detail.error.message}</ErrorNote>}
      {data && (
        <>
          <p className="font-medium">
            {data.category} · {data.status === 'open' ? 'Open' : 'Handled'} · sent {instantText(data.created_at, zone)}
          </p>
          <p className="whitespace-pre-wrap">{data.text}</p>
          <DetailList
            title="Patient"
            items={[
              ['Name', patientName(data.patient)],
              ['Date of birth', data.patient.dob],
              ['E-mail', data.patient.email],
              ['Phone', data.patient.phone && formatPhone(data.patient.phone)],
              [
                'Visit',
                data.visit
                  ? `${visitWhen(data.visit.apt_date, data.visit.start_time, 'No time yet')} · ` +
                    `reference ${data.visit.reference}`
                  : null,
              ],
            ]}
          />
          {handle.isSuccess && <StatusNote>Marked handled.</StatusNote>}
          {data.handled && (
            <DetailList
              title="Handled"
              items={[
                ['When', instantText(data.handled.at, zone)],
                ['By', data.handled.by],
                ['Note', data.handled.note],
              ]}
            />
          )}
          {data.status === 'open' && (
            <form onSubmit={submit} className="flex flex-col gap-3">
              <label className="font-medium">
                Note (optional)
                <textarea name="note" maxLength={FEEDBACK_NOTE_MAX_LENGTH} rows={3} className={inputClass} />
              </label>
              {handle.error && <ErrorNote>{handle.error.message}</ErrorNote>}
              <button type="submit" disabled={handle.isPending} className={`${primaryButtonClass} self-start`}>
                {handle.isPending ? 'Saving…' : 'Mark handled'}
              </button>
            </form>
          )}
        </>
      )}
    </ConsoleDialog>
  );
}
