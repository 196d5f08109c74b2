import type { Badge } from './booking-labels.ts';

// Text, not colour alone, carries the state (WCAG 1.4.1); the colours pass 4.5:1 on their fill.
const TONE: Record<Badge['tone'], string> = {
  neutral: 'bg-slate-200 text-slate-900',
  good: 'bg-emerald-100 text-emerald-900',
  warn: 'bg-amber-100 text-amber-900',
  bad: 'bg-red-100 text-red-900',
};

/** Spans, not a list: they sit inside a booking's button, which takes phrasing content only. */
export function BookingBadges({ badges }: { badges: Badge[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {badges.map((badge) => (
        <span key={badge.text} className={`rounded px-1.5 text-xs leading-5 font-medium ${TONE[badge.tone]}`}>
          <span className="sr-only">, </span>
          {badge.text}
        </span>
      ))}
    </span>
  );
}
