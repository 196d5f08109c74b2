import { useCallback, useRef, useState } from 'react';

/**
 * Spec section 9: further submits stay blocked until `ms` after an attempt ends. The ref answers
 * a second click in the same tick, before React has rendered the lock.
 */
export function useSubmitLock(ms: number) {
  const isLockedRef = useRef(false);
  const [isLocked, setIsLocked] = useState(false);

  /** Takes the lock; false when it is held. */
  const acquire = useCallback(() => {
    if (isLockedRef.current) return false;
    isLockedRef.current = true;
    setIsLocked(true);
    return true;
  }, []);

  const releaseLater = useCallback(
    () =>
      setTimeout(() => {
        isLockedRef.current = false;
        setIsLocked(false);
      }, ms),
    [ms],
  );

  return { isLocked, acquire, releaseLater };
}
