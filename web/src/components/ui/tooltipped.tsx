import { Suspense, use, type ReactElement, type ReactNode } from 'react';
import { TooltipScopeContext } from './tooltip-scope-context.ts';
import { loadedTooltipModule, loadTooltipModule } from './tooltip-module.ts';

interface TooltipScopeProps {
  /** Whether any tooltip below has text to show; when not, no tooltip code is fetched. */
  active: boolean;
  /** Shown while the tooltip code loads (the step's skeleton). */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * One tooltip provider for a step's cards, so the 700 ms open delay applies to the first tooltip
 * and the 300 ms skip delay to moving between cards (spec section 9). The tooltip code loads
 * lazily, only when `active`, and the cards wait for it (`fallback` meanwhile): rendered once,
 * already wired, a card is never swapped for a new element under the patient's pointer or focus
 * (which would lose the focus and miss the hover).
 */
export function TooltipScope({ active, fallback, children }: TooltipScopeProps) {
  if (!active) return children;
  return (
    <Suspense fallback={fallback}>
      <LoadedScope>{children}</LoadedScope>
    </Suspense>
  );
}

function LoadedScope({ children }: { children: ReactNode }) {
  const module = use(loadTooltipModule());
  if (!module) return children;
  return <module.SharedTooltipProvider>{children}</module.SharedTooltipProvider>;
}

interface TooltippedProps {
  /** The full text; no tooltip when null. */
  tip: string | null;
  /** One focusable element that forwards its ref and props (the tooltip's trigger). */
  children: ReactElement;
}

/**
 * Shows `tip` in a tooltip on hover and keyboard focus of `children`, under a TooltipScope (which
 * loads the tooltip code only when some text is actually cut). Outside one, no tooltip.
 */
export function Tooltipped({ tip, children }: TooltippedProps) {
  const scope = use(TooltipScopeContext);
  const module = scope === 'ready' ? loadedTooltipModule() : null;
  if (tip === null || !module) return children;
  return <module.default tip={tip}>{children}</module.default>;
}
