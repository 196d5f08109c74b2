import { useLayoutEffect, useRef } from 'react';

/**
 * A page's h1 that takes focus when its text changes after the first render (an answer replaced
 * the waiting state, a booking changed state), so screen-reader users hear the outcome.
 */
export function OutcomeHeading({ text, className }: { text: string; className: string }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstText = useRef(text);
  // A layout effect, so the heading is focused in the same commit that shows it: a passive effect
  // runs a moment later, and anything reading focus in between sees the old element.
  useLayoutEffect(() => {
    if (text !== firstText.current) headingRef.current?.focus();
  }, [text]);
  return (
    <h1 ref={headingRef} tabIndex={-1} className={className}>
      {text}
    </h1>
  );
}
