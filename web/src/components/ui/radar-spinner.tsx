import { brandColorOrDefault } from '../../lib/contrast.ts';

interface RadarSpinnerProps {
  /** What the patient is waiting for, shown beside the spinner and read out by screen readers. */
  label: string;
  /** The practice's brand colour (default dark slate, as for the loading dots). */
  color?: string | null;
  className?: string;
}

/**
 * Spec section 2's radar-style spinner, for a wait that is not a step change (checking a code or a
 * payment). A sweeping beam over a ring with an outgoing pulse; with reduced motion asked for, the
 * beam and pulse stand still and the text alone says that something is happening.
 */
export function RadarSpinner({ label, color, className = '' }: RadarSpinnerProps) {
  const tint = brandColorOrDefault(color);
  return (
    <div role="status" aria-live="polite" className={`flex items-center justify-center gap-3 ${className}`}>
      <span
        aria-hidden="true"
        data-radar
        className="relative inline-block size-10 shrink-0 overflow-hidden rounded-full border-2"
        style={{ borderColor: tint }}
      >
        <span
          data-radar-pulse
          className="absolute inset-0 animate-ping rounded-full opacity-20 motion-reduce:animate-none"
          style={{ backgroundColor: tint }}
        />
        <span
          data-radar-beam
          className="absolute inset-0 animate-spin rounded-full [animation-duration:1.6s] motion-reduce:animate-none"
          style={{ background: `conic-gradient(from 0deg, transparent 0deg 270deg, ${tint} 360deg)` }}
        />
        <span
          className="absolute top-1/2 left-1/2 size-1.5 -translate-x-1/2 -translate-y-1/2 rounded-full"
          style={{ backgroundColor: tint }}
        />
      </span>
      <span className="text-slate-700">{label}</span>
    </div>
  );
}
