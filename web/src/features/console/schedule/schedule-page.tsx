import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isRealLocalDate } from '#domain/time/calendar-fields.ts';
import { BookingDetailPanel } from '../bookings/booking-detail-panel.tsx';
import { rangeHeading, shortDay, stepDate, todayIn, viewDates, type ScheduleView } from '../shared/console-dates.ts';
import { ErrorNote } from '../shared/console-notes.tsx';
import { ExportForm } from './export-form.tsx';
import { scheduleQuery } from './schedule-api.ts';
import { useScheduleDesk } from './schedule-desk.tsx';
import { ScheduleGrid } from './schedule-grid.tsx';
import { dayColumns, gridRange, weekColumns } from './schedule-layout.ts';
import { useScheduleShortcuts, type ScheduleCommand } from './schedule-shortcuts.ts';
import { ScheduleToolbar } from './schedule-toolbar.tsx';
import { useStaffSession } from '../staff-session-context.ts';
import { useFocusReturn } from '../shared/use-focus-return.ts';

/**
 * The schedule: a day or a week in the practice's time zone, refreshed every 5 s. The
 * date, view and clinic are in the address (`?date=&view=&clinic=`), so a reload keeps them.
 */
export function SchedulePage() {
  const session = useStaffSession();
  const [params, setParams] = useSearchParams();
  const [opened, setOpened] = useState<string | null>(null);
  const rememberOpener = useFocusReturn(opened !== null, () =>
    document.querySelector<HTMLElement>('[aria-label="Schedule grid"]'),
  );
  const today = todayIn(session.practice.time_zone);
  const asked = params.get('date') ?? '';
  const date = isRealLocalDate(asked) ? asked : today;
  const view: ScheduleView = params.get('view') === 'week' ? 'week' : 'day';
  const dates = viewDates(view, date);
  const schedule = useQuery(scheduleQuery(session.practice.id, dates[0]!, dates.at(-1)!));

  const clinics = schedule.data?.clinics ?? [];
  const askedClinic = Number(params.get('clinic'));
  const clinic =
    clinics.length === 0 ? null : (clinics.find((c) => c.pms_clinic_num === askedClinic) ?? clinics[0]!).pms_clinic_num;

  // Each change starts from the address the last change made (the router's copy is this render's),
  // so two quick presses of `p` move two days even before the page has re-rendered after the first.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const change = (
    next: (current: { date: string; view: ScheduleView }) => { date?: string; view?: ScheduleView; clinic?: number },
  ) => {
    setParams(
      () => {
        const current = latest.current;
        const currentDate = current.get('date') ?? '';
        const step = next({
          date: isRealLocalDate(currentDate) ? currentDate : today,
          view: current.get('view') === 'week' ? 'week' : 'day',
        });
        const merged = new URLSearchParams(current);
        // Today and the day view are the defaults, so the plain address always opens on them.
        if (step.date === today) merged.delete('date');
        else if (step.date !== undefined) merged.set('date', step.date);
        if (step.view === 'day') merged.delete('view');
        else if (step.view !== undefined) merged.set('view', step.view);
        if (step.clinic !== undefined) merged.set('clinic', String(step.clinic));
        latest.current = merged;
        return merged;
      },
      { replace: true },
    );
  };
  const run = (command: ScheduleCommand) => {
    if (command === 'today') change(() => ({ date: today }));
    else if (command === 'next' || command === 'previous')
      change((current) => ({ date: stepDate(current.view, current.date, command === 'next' ? 1 : -1) }));
    else change(() => ({ view: command }));
  };
  useScheduleShortcuts(run);

  const data = schedule.data;
  const columns = data
    ? view === 'day'
      ? dayColumns(data, date, clinic)
      : weekColumns(data, dates, clinic, shortDay)
    : [];
  const names = new Map<number, string>(
    data
      ? data.columns === 'provider'
        ? data.providers.map((p) => [p.pms_prov_num, p.name])
        : data.chairs.map((c) => [c.pms_op_num, c.name])
      : [],
  );
  const whereOf =
    view === 'week' && data
      ? (a: { pms_prov_num: number; pms_op_num: number }) =>
          names.get(data.columns === 'provider' ? a.pms_prov_num : a.pms_op_num) ?? ''
      : undefined;

  const desk = useScheduleDesk({
    schedule: data,
    clinic,
    date,
    dates,
    onShowDate: (day) => change(() => ({ date: day })),
  });

  const open = (id: string, from: HTMLElement) => {
    rememberOpener(from);
    setOpened(id);
  };

  return (
    <>
      <main className="flex min-h-0 flex-1 flex-col" inert={opened !== null || desk.isOpen}>
        <ScheduleToolbar
          heading={rangeHeading(dates)}
          view={view}
          clinics={clinics}
          clinic={clinic}
          onCommand={run}
          onClinic={(next) => change(() => ({ clinic: next }))}
          actions={desk.actions}
        />
        {session.permissions.includes('export') && (
          <ExportForm key={`${dates[0]}-${dates.at(-1)}`} from={dates[0]!} to={dates.at(-1)!} />
        )}
        {schedule.isError && <ErrorNote>{schedule.error.message}</ErrorNote>}
        {schedule.isPending ? (
          <p role="status" className="px-4">
            Loading the schedule…
          </p>
        ) : (
          data && (
            <ScheduleGrid
              columns={columns}
              range={gridRange(data, columns)}
              whereOf={whereOf}
              onOpen={open}
              onFreeTime={desk.onFreeTime}
              onBlock={desk.onBlock}
            />
          )
        )}
      </main>
      {opened && <BookingDetailPanel id={opened} providers={data?.providers ?? []} onClose={() => setOpened(null)} />}
      {desk.layer}
    </>
  );
}
