import { useEffect, useRef } from 'react';

/**
 * Gives the focus back to what opened a dialog once it is closed and the page behind is no longer
 * inert (hence an effect, after the commit that removed `inert`). When that element is gone (the
 * Cancel button of a booking just cancelled), `fallback` gets it instead of the page's top.
 */
export function useFocusReturn(isOpen: boolean, fallback?: () => HTMLElement | null): (opener: HTMLElement) => void {
  const opener = useRef<HTMLElement | null>(null);
  const latestFallback = useRef(fallback);
  useEffect(() => {
    latestFallback.current = fallback;
  });
  useEffect(() => {
    if (isOpen || !opener.current) return;
    const target = opener.current;
    opener.current = null;
    if (target.isConnected) target.focus();
    else latestFallback.current?.()?.focus();
  }, [isOpen]);
  return (element) => {
    opener.current = element;
  };
}
