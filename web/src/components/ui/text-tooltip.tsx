import * as Tooltip from '@radix-ui/react-tooltip';
import { useEffect, useRef, useState, type ReactElement, type ReactNode } from 'react';
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
}

/** How long the pointer may be over neither the trigger nor the tooltip before it closes. */
export const TOOLTIP_LEAVE_GRACE_MS = 300;

/**
 * A tooltip under the SharedTooltipProvider of its TooltipScope. Radix keeps it open while the
 * pointer travels to it (so it can be hovered, WCAG 1.4.13) and closes it at the pointer's next
 * move elsewhere; a pointer that leaves and stops (or leaves the window) would leave it open, so
 * it also closes once, shortly after leaving, the pointer is over neither it nor its trigger.
 */
export default function TextTooltip({ tip, children }: TextTooltipProps) {
  const [isOpen, setIsOpen] = useState(false);
  // Typed as Radix types its trigger; with asChild it is whatever element the caller passes.
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const leaveTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(leaveTimer.current), []);

  const closeUnlessHovered = () => {
    clearTimeout(leaveTimer.current);
    leaveTimer.current = setTimeout(() => {
      const isHovered = [triggerRef.current, contentRef.current].some((element) => element?.matches(':hover'));
      // Focus keeps it open (keyboard users), as Radix does.
      const isFocused =
        triggerRef.current !== null &&
        triggerRef.current === document.activeElement &&
        triggerRef.current.matches(':focus-visible');
      if (!isHovered && !isFocused) setIsOpen(false);
    }, TOOLTIP_LEAVE_GRACE_MS);
  };

  return (
    <Tooltip.Root open={isOpen} onOpenChange={setIsOpen}>
      <Tooltip.Trigger asChild ref={triggerRef} onPointerLeave={closeUnlessHovered}>
        {children}
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          ref={contentRef}
          onPointerLeave={closeUnlessHovered}
          sideOffset={6}
          className="z-50 max-w-xs rounded-md bg-slate-900 px-3 py-2 text-sm text-white shadow-lg"
        >
          {tip}
          <Tooltip.Arrow className="fill-slate-900" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}
