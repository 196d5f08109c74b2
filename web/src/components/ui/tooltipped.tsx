import { lazy, Suspense, use, type ReactElement, type ReactNode } from 'react';
import { TooltipScopeContext } from './tooltip-scope-context.ts';

const TextTooltip = lazy(() => import('./text-tooltip.tsx'));
// The same chunk as TextTooltip: loading the scope's provider fetches the tooltip code once.
const SharedTooltipProvider = lazy(() => import('./text-tooltip.tsx').then((module) => ({ default: module.SharedTooltipProvider })));

interface TooltipScopeProps {
  /** Whether any tooltip below has text to show; when not, no tooltip code is fetched. */
  active: boolean;
  children: ReactNode;
}

/**
 * One tooltip provider for a step's cards, so the 700 ms open delay applies to the first tooltip
 * and the 300 ms skip delay to moving between cards (spec section 9). Loads lazily, only when
 * `active`.
 */
export function TooltipScope({ active, children }: TooltipScopeProps) {
  if (!active) return children;
  return (
    <Suspense fallback={<TooltipScopeContext value="pending">{children}</TooltipScopeContext>}>
      <SharedTooltipProvider>{children}</SharedTooltipProvider>
    </Suspense>
  );
}

interface TooltippedProps {
  /** The full text; no tooltip when null. */
  tip: string | null;
  /** One focusable element that forwards its ref and props (the tooltip's trigger). */
  children: ReactElement;
}

/**
 * Shows `tip` in a tooltip on hover and keyboard focus of `children`. The tooltip code loads only
 * when some text is actually cut, so pages without long names never fetch it. Under a
 * TooltipScope all tooltips share its provider.
 */
export function Tooltipped({ tip, children }: TooltippedProps) {
  const scope = use(TooltipScopeContext);
  if (tip === null || scope === 'pending') return children;
  return (
    <Suspense fallback={children}>
      <TextTooltip tip={tip} hasOwnProvider={scope === 'none'}>
        {children}
      </TextTooltip>
    </Suspense>
  );
}
