import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffSchedule } from '#domain/staff/staff-appointment-schemas.ts';
import { BookingDetailPanel } from '../bookings/booking-detail-panel.tsx';
import { rangeHeading, shortDay, todayIn, type ScheduleView } from '../shared/console-dates.ts';
import { ErrorNote } from '../shared/console-notes.tsx';
import { ExportForm } from './export-form.tsx';
import { scheduleQuery } from './schedule-api.ts';
import { useScheduleDesk } from './schedule-desk.tsx';
import { ScheduleGrid } from './schedule-grid.tsx';
import { dayColumns, gridRange, weekColumns } from './schedule-layout.ts';
import { ScheduleToolbar } from './schedule-toolbar.tsx';
import { useStaffSession } from '../staff-session-context.ts';
import { useScheduleAddress } from './use-schedule-address.ts';
import { useFocusReturn } from '../shared/use-focus-return.ts';

/**
 * The schedule: a day or a week in the practice's time zone, refreshed every 5 s. The
 * date, view and clinic are in the address (`?date=&view=&clinic=`), so a reload keeps them.
 */
export function SchedulePage() {
  const session = useStaffSession();
  const [opened, setOpened] = useState<string | null>(null);
  const rememberOpener = useFocusReturn(opened !== null, () =>
    document.querySelector<HTMLElement>('[aria-label="Schedule grid"]'),
  );
  const today = todayIn(session.practice.time_zone);
  const { params, date, view, dates, change, run } = useScheduleAddress(today);
  const schedule = useQuery(scheduleQuery(session.practice.id, dates[0]!, dates.at(-1)!));

  const clinics = schedule.data?.clinics ?? [];
  const askedClinic = Number(params.get('clinic'));
  const clinic =
    clinics.length === 0 ? null : (clinics.find((c) => c.pms_clinic_num === askedClinic) ?? clinics[0]!).pms_clinic_num;

  const data = schedule.data;
  const { columns, whereOf } = gridColumns(data, view, date, dates, clinic);

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
              timeZone={data.time_zone}
            />
          )
        )}
      </main>
      {opened && <BookingDetailPanel id={opened} providers={data?.providers ?? []} onClose={() => setOpened(null)} />}
      {desk.layer}
    </>
  );
}

/** The grid's columns for the view, and (in the week view) the provider or chair of each booking. */
function gridColumns(
  data: StaffSchedule | undefined,
  view: ScheduleView,
  date: string,
  dates: string[],
  clinic: number | null,
) {
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
  return { columns, whereOf };
}
