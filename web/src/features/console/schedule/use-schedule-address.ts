import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { isRealLocalDate } from '#domain/time/calendar-fields.ts';
import { stepDate, viewDates, type ScheduleView } from '../shared/console-dates.ts';
import { useScheduleShortcuts, type ScheduleCommand } from './schedule-shortcuts.ts';

type AddressStep = { date?: string; view?: ScheduleView; clinic?: number };

/**
 * The schedule's date, view and clinic, kept in the address (`?date=&view=&clinic=`) so a reload
 * keeps them; `run` is what the toolbar's buttons and the keys do to them.
 */
export function useScheduleAddress(today: string) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('date') ?? '';
  const date = isRealLocalDate(asked) ? asked : today;
  const view: ScheduleView = params.get('view') === 'week' ? 'week' : 'day';
  const dates = viewDates(view, date);

  // Each change starts from the address the last change made (the router's copy is this render's),
  // so two quick presses of `p` move two days even before the page has re-rendered after the first.
  const latest = useRef(params);
  useEffect(() => {
    latest.current = params;
  }, [params]);
  const change = (next: (current: { date: string; view: ScheduleView }) => AddressStep) => {
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

  return { params, date, view, dates, change, run };
}
