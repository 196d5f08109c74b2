import type { Funnel } from '#domain/insights/funnel-schemas.ts';
import { percent, STEP_LABELS } from './funnel-api.ts';

/**
 * The funnel as bars (ADR 0080): plain HTML and CSS, no chart library. Each step's bar is its share of the
 * visits; the table beside it says the same in numbers for screen readers and for reading.
 */
export function FunnelChart({ funnel }: { funnel: Funnel }) {
  const steps = funnel.steps.filter((step) => step.reached > 0 || step.step !== 'location');
  return (
    <figure className="flex max-w-3xl flex-col gap-1" aria-label="Funnel chart">
      {steps.map((step) => {
        const width = funnel.visits === 0 ? 0 : Math.round((step.reached / funnel.visits) * 100);
        return (
          <div
            key={step.step}
            className="grid grid-cols-[10rem_1fr_6rem] items-center gap-2 text-sm"
            aria-hidden="true"
          >
            <span>{STEP_LABELS[step.step]}</span>
            <span className="h-5 rounded bg-slate-100">
              <span className="block h-5 rounded bg-teal-700" style={{ width: `${width}%` }} />
            </span>
            <span className="text-right tabular-nums">
              {step.reached} ({percent(step.reached, funnel.visits)})
            </span>
          </div>
        );
      })}
    </figure>
  );
}
