import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffReviewRequestItem, StaffReviewRequestList } from '#domain/staff/staff-inbox-schemas.ts';
import { patientName } from '../bookings/booking-labels.ts';
import { instantText } from '../shared/console-dates.ts';
import { ErrorNote, StatusNote } from '../shared/console-notes.tsx';
import { ShownDaysForm, useShownDays } from '../shared/shown-days.tsx';
import { ReviewRequestForm } from './review-request-form.tsx';
import { channelsText, reviewRequestsQuery, sentText } from './review-requests-api.ts';
import { useStaffSession } from '../staff-session-context.ts';

const cellClass = 'border-b border-slate-200 px-2 py-2 text-left align-top';

/** `/console/reviews`: send a review request, and see the requests of a range of days with who clicked (the last 30 days first). */
export function ReviewsPage() {
  return (
    <main className="flex flex-col gap-4 px-4 py-3">
      <h1 className="text-xl font-semibold">Review requests</h1>
      <SendReviewRequest />
      <SentRequests />
    </main>
  );
}

/** The form that sends one, and the sentence saying where it went. */
function SendReviewRequest() {
  const queryClient = useQueryClient();
  const [sent, setSent] = useState<string | null>(null);
  return (
    <section
      aria-labelledby="send-review-heading"
      className="flex max-w-3xl flex-col gap-3 rounded-md border border-slate-300 bg-white p-4"
    >
      <h2 id="send-review-heading" className="text-lg font-semibold">
        Send a review request
      </h2>
      <ReviewRequestForm
        submitLabel="Send review request"
        onSent={(created) => {
          setSent(sentText(created));
          void queryClient.invalidateQueries({ queryKey: ['review-requests'] });
        }}
      />
      {sent && <StatusNote>{sent}</StatusNote>}
    </section>
  );
}

/** The requests of the days chosen, newest first. */
function SentRequests() {
  const session = useStaffSession();
  const days = useShownDays(session.practice.time_zone);
  const { range } = days;
  const list = useQuery(reviewRequestsQuery(session.practice.id, range.from, range.to));

  return (
    <section aria-labelledby="sent-reviews-heading" className="flex flex-col gap-3">
      <h2 id="sent-reviews-heading" className="text-lg font-semibold">
        Sent requests
      </h2>
      <ShownDaysForm {...days} />
      {list.isError && <ErrorNote>{list.error.message}</ErrorNote>}
      {list.isPending && <p role="status">Loading the review requests…</p>}
      {list.data && list.data.requests.length === 0 && <p>No review requests in these days.</p>}
      {list.data && list.data.requests.length > 0 && (
        <RequestsTable list={list.data} timeZone={session.practice.time_zone} />
      )}
    </section>
  );
}

function RequestsTable({ list, timeZone }: { list: StaffReviewRequestList; timeZone: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse bg-white">
        <caption className="sr-only">
          Review requests from {list.from} to {list.to}, newest first
        </caption>
        <thead>
          <tr>
            {['Created', 'Patient', 'Sent by', 'Clicked', 'Feedback'].map((heading) => (
              <th key={heading} scope="col" className={`${cellClass} font-semibold`}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.requests.map((item) => (
            <RequestRow key={item.request_id} item={item} timeZone={timeZone} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RequestRow({ item, timeZone }: { item: StaffReviewRequestItem; timeZone: string }) {
  return (
    <tr>
      <td className={cellClass}>
        {instantText(item.created_at, timeZone)}
        <span className="block text-sm text-slate-700">
          {item.source === 'automatic' ? 'Automatic, after the visit' : 'From the console'}
        </span>
      </td>
      <th scope="row" className={`${cellClass} font-normal`}>
        {patientName({ first_name: item.patient_first_name, last_name: item.patient_last_name })}
      </th>
      <td className={cellClass}>{item.sent_via.length > 0 ? channelsText(item.sent_via) : 'Not sent (link only)'}</td>
      <td className={cellClass}>
        {item.is_clicked && item.last_clicked_at
          ? `Yes, ${item.click_count === 1 ? 'once' : `${item.click_count} times`}, last ${instantText(item.last_clicked_at, timeZone)}`
          : 'No'}
      </td>
      <td className={cellClass}>{item.feedback_id ? 'Private feedback received' : '—'}</td>
    </tr>
  );
}
