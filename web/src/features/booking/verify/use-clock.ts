import { useCallback, useEffect, useState } from 'react';

/**
 * The time, refreshed once a second: enough for 'in N seconds' and token expiry. `restart` reads
 * the time at once and starts the next second from there, so a countdown begun by a click shows
 * its full length first.
 */
export function useClock(): [now: number, restart: () => void] {
  const [now, setNow] = useState(() => Date.now());
  const [epoch, setEpoch] = useState(0);

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, [epoch]);

  const restart = useCallback(() => {
    setNow(Date.now());
    setEpoch((value) => value + 1);
  }, []);

  return [now, restart];
}
