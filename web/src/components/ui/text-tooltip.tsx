import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactElement, ReactNode } from 'react';
import { TooltipScopeContext } from './tooltip-scope-context.ts';

/** Spec section 9: tooltips open after 700 ms, with a 300 ms skip delay (Radix's defaults, set explicitly). */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * One Radix provider shared by every tooltip under it, so moving from one card's tooltip to the
 * next within the skip delay opens the next one at once (spec section 9).
 */
export function SharedTooltipProvider({ children }: { children: ReactNode }) {
  return (
    <TooltipScopeContext value="ready">
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {children}
      </Tooltip.Provider>
    </TooltipScopeContext>
  );
}

interface TextTooltipProps {
  tip: string;
  children: ReactElement;
  /** Outside a TooltipScope the tooltip brings its own provider. */
  hasOwnProvider: boolean;
}

export default function TextTooltip({ tip, children, hasOwnProvider }: TextTooltipProps) {
  const root = (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content sideOffset={6} className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-sm text-white shadow-lg">
          {tip}
          <Tooltip.Arrow className="fill-slate-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
  if (!hasOwnProvider) return root;
  return (
    <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
      {root}
    </Tooltip.Provider>
  );
}
