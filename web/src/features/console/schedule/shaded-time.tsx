import type { CSSProperties } from 'react';
import type { ScheduleBlock } from '#domain/staff/staff-appointment-schemas.ts';
import { minutesToClock } from '../shared/console-dates.ts';
import { SHADE_LABEL_PERCENT, type ShadedSpan } from './schedule-layout.ts';

const BLOCK_NAMES: Record<ShadedSpan['block']['kind'], string> = {
  break: 'Break',
  closure: 'Closed',
  time_off: 'Time off',
  blocked: 'Blocked',
};

interface ShadedTimeProps {
  shaded: ShadedSpan;
  style: CSSProperties;
  /** Given when the person may remove time staff blocked: such time (it has an id) is then a button that asks. */
  onBlock?: (block: ScheduleBlock, opener: HTMLElement) => void;
  /** A booking lies over it: its words go in the strip the bookings leave free on the right. */
  isLabelBeside?: boolean;
}

/** Time nobody can book in a column: a break, a closure, time off, or time staff blocked. */
export function ShadedTime({ shaded: { block, startMin, endMin }, style, onBlock, isLabelBeside }: ShadedTimeProps) {
  const placed = isLabelBeside ? { ...style, paddingLeft: `calc(${100 - SHADE_LABEL_PERCENT}% + 2px)` } : style;
  const text = (
    <>
      {BLOCK_NAMES[block.kind]}
      {block.label ? `: ${block.label}` : ''} {minutesToClock(startMin)}–{minutesToClock(endMin)}
    </>
  );
  if (block.kind !== 'blocked' || block.id === null || !onBlock) {
    return (
      <div
        data-kind={block.kind}
        className="absolute inset-x-0 overflow-hidden px-1 text-xs break-words text-slate-800"
        style={placed}
      >
        {text}
      </div>
    );
  }
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      data-kind={block.kind}
      onClick={(event) => onBlock(block, event.currentTarget)}
      className={
        'absolute inset-x-0 flex flex-col items-start overflow-hidden border border-dashed border-slate-500 px-1 ' +
        'text-left text-xs break-words text-slate-800 focus-visible:z-10'
      }
      style={placed}
    >
      <span>{text}</span> <span className="font-medium underline">Remove…</span>
    </button>
  );
}
