import type { ReactNode } from 'react';
import type { StaffSchedule } from '#domain/staff/staff-appointment-schemas.ts';
import type { ScheduleView } from '../shared/console-dates.ts';
import { secondaryButtonClass } from '../shared/console-styles.ts';
import { ClinicSelect } from './clinic-select.tsx';
import { SHORTCUTS, type ScheduleCommand } from './schedule-shortcuts.ts';

interface ScheduleToolbarProps {
  heading: string;
  view: ScheduleView;
  clinics: StaffSchedule['clinics'];
  clinic: number | null;
  onCommand: (command: ScheduleCommand) => void;
  onClinic: (clinic: number) => void;
  /** The front desk's buttons (book a patient, block time), beside the date. */
  actions?: ReactNode;
}

const shortcut = (command: ScheduleCommand) => SHORTCUTS.find((s) => s.command === command)!.aria;

/** The date and its controls: every shortcut is also a button, and the list of shortcuts is on the page. */
export function ScheduleToolbar({
  heading,
  view,
  clinics,
  clinic,
  onCommand,
  onClinic,
  actions,
}: ScheduleToolbarProps) {
  const viewButton = (which: ScheduleView, label: string) => (
    <button
      type="button"
      aria-pressed={view === which}
      aria-keyshortcuts={shortcut(which)}
      onClick={() => onCommand(which)}
      className={`${secondaryButtonClass} aria-pressed:bg-slate-900 aria-pressed:text-white`}
    >
      {label}
    </button>
  );
  return (
    <div className="flex flex-col gap-2 px-4 py-3">
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="mr-auto text-xl font-semibold" aria-live="polite">
          {heading}
        </h1>
        {actions}
        {clinics.length > 1 && (
          <ClinicSelect
            clinics={clinics}
            clinic={clinic}
            onChange={onClinic}
            labelClass="flex items-center gap-2 font-medium"
            selectClass="min-h-11 rounded-md border border-slate-400 bg-white px-2"
          />
        )}
        <div role="group" aria-label="View" className="flex gap-1">
          {viewButton('day', 'Day')}
          {viewButton('week', 'Week')}
        </div>
        <DateButtons view={view} onCommand={onCommand} />
      </div>
      <ShortcutList />
    </div>
  );
}

/** Previous, Today and Next, each with its key. */
function DateButtons({ view, onCommand }: Pick<ScheduleToolbarProps, 'view' | 'onCommand'>) {
  const buttons: [ScheduleCommand, string][] = [
    ['previous', view === 'day' ? 'Previous day' : 'Previous week'],
    ['today', 'Today'],
    ['next', view === 'day' ? 'Next day' : 'Next week'],
  ];
  return (
    <div role="group" aria-label="Dates" className="flex gap-1">
      {buttons.map(([command, label]) => (
        <button
          key={command}
          type="button"
          aria-keyshortcuts={shortcut(command)}
          onClick={() => onCommand(command)}
          className={secondaryButtonClass}
        >
          {label}
        </button>
      ))}
    </div>
  );
}

/** The list of shortcuts on the page, so nobody has to guess them. */
function ShortcutList() {
  return (
    <section aria-label="Keyboard shortcuts" className="text-sm text-slate-700">
      <ul className="flex flex-wrap gap-x-4">
        {SHORTCUTS.map(({ keys, what }) => (
          <li key={what}>
            {keys.map((key, index) => (
              <span key={key}>
                {index > 0 && ' or '}
                <kbd className="rounded border border-slate-400 bg-white px-1 font-mono text-xs">{key}</kbd>
              </span>
            ))}{' '}
            {what}
          </li>
        ))}
      </ul>
    </section>
  );
}
