import { useEffect, useState } from 'react';
import { deviceFingerprint } from '../tracking/fingerprint.ts';

/** The fingerprint for the visit data: undefined while it is being computed, then a hash or null. */
export function useFingerprint(): string | null | undefined {
  const [fingerprint, setFingerprint] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    let isCurrent = true;
    void deviceFingerprint().then((value) => {
      if (isCurrent) setFingerprint(value);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  return fingerprint;
}
