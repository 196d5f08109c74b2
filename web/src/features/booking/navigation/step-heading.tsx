import { useEffect, useRef, type ReactNode } from 'react';
import { useUiStore } from '../state/ui-store.ts';

export const STEP_HEADING_ID = 'booking-step-heading';

/**
 * The step's h2. When the patient moves to a new step, focus lands here so screen-reader and
 * keyboard users start at the top of the new content (not on the first page load, where the
 * browser's own starting point is kept).
 */
export function StepHeading({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  const isRequested = useUiStore((state) => state.isHeadingFocusRequested);
  const clear = useUiStore((state) => state.clearHeadingFocusRequest);

  useEffect(() => {
    if (!isRequested) return;
    ref.current?.focus();
    clear();
  }, [isRequested, clear]);

  return (
    <h2
      ref={ref}
      id={STEP_HEADING_ID}
      tabIndex={-1}
      className="text-2xl font-semibold text-slate-900 focus-visible:outline-offset-4"
    >
      {children}
    </h2>
  );
}
