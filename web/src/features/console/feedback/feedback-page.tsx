import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { FeedbackStatus } from '#domain/staff/staff-inbox-schemas.ts';
import { patientName } from '../bookings/booking-labels.ts';
import { instantText, visitWhen } from '../shared/console-dates.ts';
import { ErrorNote } from '../shared/console-notes.tsx';
import { secondaryButtonClass } from '../shared/console-styles.ts';
import { feedbackListQuery } from './feedback-api.ts';
import { FeedbackPanel } from './feedback-panel.tsx';
import { useStaffSession } from '../staff-session-context.ts';
import { useFocusReturn } from '../shared/use-focus-return.ts';
import { OpenRowButton } from '../shared/open-row-button.tsx';

/** `/console/feedback`: the practice's private feedback, open or handled, newest first; an item opens beside the list. */
export function FeedbackPage() {
  const session = useStaffSession();
  const [status, setStatus] = useState<FeedbackStatus>('open');
  const [opened, setOpened] = useState<string | null>(null);
  const rememberOpener = useFocusReturn(opened !== null, () =>
    document.querySelector<HTMLElement>('#feedback-heading'),
  );
  const list = useQuery(feedbackListQuery(session.practice.id, status));
  const toggle = (which: FeedbackStatus, label: string) => (
    <button
      type="button"
      aria-pressed={status === which}
      onClick={() => setStatus(which)}
      className={`${secondaryButtonClass} aria-pressed:bg-slate-900 aria-pressed:text-white`}
    >
      {label}
    </button>
  );

  return (
    <>
      <main className="flex flex-col gap-3 px-4 py-3" inert={opened !== null}>
        <div className="flex flex-wrap items-center gap-2">
          <h1 id="feedback-heading" tabIndex={-1} className="mr-auto text-xl font-semibold">
            Feedback
          </h1>
          <div role="group" aria-label="Show" className="flex gap-1">
            {toggle('open', 'Open')}
            {toggle('handled', 'Handled')}
          </div>
        </div>
        {list.isError && <ErrorNote>{list.error.message}</ErrorNote>}
        {list.isPending && <p role="status">Loading the feedback…</p>}
        {list.data && list.data.feedback.length === 0 && (
          <p>{status === 'open' ? 'No open feedback.' : 'No handled feedback yet.'}</p>
        )}
        {list.data && list.data.feedback.length > 0 && (
          <ul aria-label={status === 'open' ? 'Open feedback' : 'Handled feedback'} className="flex flex-col gap-2">
            {list.data.feedback.map((item) => (
              <li key={item.id}>
                <OpenRowButton
                  onOpen={(opener) => {
                    rememberOpener(opener);
                    setOpened(item.id);
                  }}
                >
                  <span className="font-semibold">
                    {patientName(item.patient)} · {item.category} · {item.status === 'open' ? 'Open' : 'Handled'}
                  </span>
                  <span>{item.excerpt}</span>
                  <span className="text-sm text-slate-700">
                    {item.visit?.apt_date ? `Visit ${visitWhen(item.visit.apt_date, item.visit.start_time)} · ` : ''}
                    Sent {instantText(item.created_at, session.practice.time_zone)}
                  </span>
                </OpenRowButton>
              </li>
            ))}
          </ul>
        )}
      </main>
      {opened && <FeedbackPanel id={opened} onClose={() => setOpened(null)} />}
    </>
  );
}
