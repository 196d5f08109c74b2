import { useEffect, useRef } from 'react';

export type ScheduleCommand = 'today' | 'next' | 'previous' | 'day' | 'week';

const KEYS: Record<string, ScheduleCommand> = {
  t: 'today',
  n: 'next',
  ArrowRight: 'next',
  p: 'previous',
  ArrowLeft: 'previous',
  d: 'day',
  w: 'week',
};

/** The shortcuts as the page lists them and the buttons announce them (aria-keyshortcuts). */
export const SHORTCUTS: { keys: string[]; aria: string; command: ScheduleCommand; what: string }[] = [
  { keys: ['T'], aria: 't', command: 'today', what: 'today' },
  { keys: ['N', '→'], aria: 'n ArrowRight', command: 'next', what: 'next day or week' },
  { keys: ['P', '←'], aria: 'p ArrowLeft', command: 'previous', what: 'previous day or week' },
  { keys: ['D'], aria: 'd', command: 'day', what: 'day view' },
  { keys: ['W'], aria: 'w', command: 'week', what: 'week view' },
];

/** Where a key means something of its own: typing, choosing, or a dialog over the schedule. */
function isOwnedElsewhere(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (
    target.isContentEditable ||
    target.closest('input, textarea, select, [role="dialog"], [role="listbox"], [role="radiogroup"], [role="menu"]')
  )
    return true;
  return document.querySelector('[aria-modal="true"]') !== null;
}

/** The schedule's keys, on the whole page but never while typing or in a dialog, and never with Ctrl, Alt or Meta (the browser's own). */
export function useScheduleShortcuts(run: (command: ScheduleCommand) => void): void {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.altKey || event.metaKey || isOwnedElsewhere(event.target))
        return;
      const command = KEYS[event.key.length === 1 ? event.key.toLowerCase() : event.key];
      if (!command) return;
      event.preventDefault();
      latest.current(command);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
