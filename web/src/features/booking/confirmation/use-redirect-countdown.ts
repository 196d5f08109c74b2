import { useEffect, useState } from 'react';
import { useBookingStore } from '../state/booking-store.ts';
import type { RedirectPlan } from './redirect-rules.ts';

/**
 * Counts down once a second; at zero the stored booking is cleared and the browser goes to the
 * plan's URL. The page keeps showing the confirmation meanwhile (leaving it clears the rest, see
 * booking-steps.tsx), so nothing re-renders into a step whose history move would cancel the redirect.
 */
export function useRedirectCountdown(
  plan: RedirectPlan | null,
  navigate: (url: string) => void = (url) => window.location.assign(url),
): number | null {
  const [secondsLeft, setSecondsLeft] = useState(plan?.seconds ?? null);
  const url = plan?.url;

  useEffect(() => {
    if (!url) return;
    const timer = setInterval(() => setSecondsLeft((left) => (left === null ? null : Math.max(0, left - 1))), 1_000);
    return () => clearInterval(timer);
  }, [url]);

  useEffect(() => {
    if (secondsLeft !== 0 || !url) return;
    useBookingStore.persist.clearStorage();
    navigate(url);
  }, [secondsLeft, url, navigate]);

  return url ? secondsLeft : null;
}
