import { useQuery } from '@tanstack/react-query';
import type { Funnel } from '#domain/insights/funnel-schemas.ts';
import { ErrorNote } from '../shared/console-notes.tsx';
import { ShownDaysForm, useShownDays } from '../shared/shown-days.tsx';
import { TableHead } from '../shared/table-head.tsx';
import { useStaffSession } from '../staff-session-context.ts';
import { FunnelChart } from './funnel-chart.tsx';
import { durationText, funnelQuery, percent, STEP_LABELS, WEEKDAYS } from './funnel-api.ts';

const cellClass = 'border-b border-slate-200 p-2 text-left align-top tabular-nums';

/** `/console/insights`: where patients give up booking, and what was booked, in a range of days (30 first). */
export function InsightsPage() {
  const session = useStaffSession();
  const days = useShownDays(session.practice.time_zone);
  const { range } = days;
  const funnel = useQuery(funnelQuery(session.practice.id, range));

  return (
    <main className="flex flex-col gap-4 px-4 py-3">
      <h1 className="text-xl font-semibold">Booking funnel</h1>
      <ShownDaysForm {...days} />
      {funnel.isError && <ErrorNote>{funnel.error.message}</ErrorNote>}
      {funnel.isPending && <p role="status">Loading the funnel…</p>}
      {funnel.data && <FunnelReport funnel={funnel.data} />}
    </main>
  );
}

function FunnelReport({ funnel }: { funnel: Funnel }) {
  const last = funnel.last_step_before_leaving;
  return (
    <>
      <dl className="grid max-w-3xl grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-4" aria-label="Summary">
        <Figure label="Visits" value={String(funnel.visits)} />
        <Figure label="Booked" value={String(funnel.booked)} />
        <Figure label="Conversion" value={percent(funnel.booked, funnel.visits)} />
        <Figure label="Median time to book" value={durationText(funnel.median_seconds_to_book)} />
      </dl>
      <p>Most visits that did not book left at: {last ? STEP_LABELS[last] : '—'}</p>
      <FunnelChart funnel={funnel} />
      <CountTable
        caption={`Steps from ${funnel.from} to ${funnel.to}`}
        headings={['Step', 'Reached', 'Left here']}
        rows={funnel.steps.map((step) => [STEP_LABELS[step.step], step.reached, step.left])}
      />
      <CountTable
        caption="Visits by source and campaign"
        headings={['Source', 'Campaign', 'Visits', 'Booked']}
        rows={funnel.by_source.map((row) => [row.source ?? '(none)', row.campaign ?? '(none)', row.visits, row.booked])}
      />
      <CountTable
        caption="Bookings by reason"
        headings={['Reason', 'Bookings']}
        rows={funnel.bookings.by_reason.map((row) => [row.reason, row.count])}
      />
      <CountTable
        caption="Bookings by provider"
        headings={['Provider', 'Bookings']}
        rows={funnel.bookings.by_provider.map((row) => [row.provider, row.count])}
      />
      <CountTable
        caption="Bookings by weekday of the visit"
        headings={['Weekday', 'Bookings']}
        rows={funnel.bookings.by_weekday.map((row) => [WEEKDAYS[row.weekday - 1]!, row.count])}
      />
    </>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

function CountTable(props: { caption: string; headings: string[]; rows: (string | number)[][] }) {
  return (
    <table className="max-w-3xl border-collapse bg-white">
      <caption className="text-left font-semibold">{props.caption}</caption>
      <TableHead headings={props.headings} />
      <tbody>
        {props.rows.length === 0 && (
          <tr>
            <td className={cellClass} colSpan={props.headings.length}>
              None in these days.
            </td>
          </tr>
        )}
        {props.rows.map((row) => (
          <tr key={row.join('|')}>
            {row.map((cell, i) => (
              <td key={i} className={cellClass}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
