import { lazy, Suspense, type ReactElement } from 'react';

const TextTooltip = lazy(() => import('./text-tooltip.tsx'));

interface TooltippedProps {
  /** The full text; no tooltip when null. */
  tip: string | null;
  /** One focusable element that forwards its ref and props (the tooltip's trigger). */
  children: ReactElement;
}

/**
 * Shows `tip` in a tooltip on hover and keyboard focus of `children`. The tooltip code loads only
 * when some text is actually cut, so pages without long names never fetch it.
 */
export function Tooltipped({ tip, children }: TooltippedProps) {
  if (tip === null) return children;
  return (
    <Suspense fallback={children}>
      <TextTooltip tip={tip}>{children}</TextTooltip>
    </Suspense>
  );
}
