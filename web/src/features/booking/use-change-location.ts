import { useEffect, useRef } from 'react';
import { useLocation, useSearchParams } from '../../lib/page-router.tsx';
import { useBookingStore } from './state/booking-store.ts';
import { useUiStore } from './state/ui-store.ts';

/**
 * 'Change location' in the side panel: back to the location choice, even for a patient who came
 * with clinic_num (whose page 1 has no Back, spec section 2). Like Back on page 1 it forgets the
 * clinic and the form. clinic_num leaves the address first: the router applies that in a
 * transition, and forgetting the clinic before it lands would let clinic_num choose it again.
 */
export function useChangeLocation(formUrl: string): () => void {
  const [searchParams, setSearchParams] = useSearchParams();
  const { key } = useLocation();
  const isChanging = useRef(false);
  const hasClinicNum = searchParams.has('clinic_num');

  useEffect(() => {
    if (!isChanging.current || hasClinicNum) return;
    isChanging.current = false;
    useBookingStore.getState().startSession(formUrl, null);
    useUiStore.getState().requestHeadingFocus();
  }, [key, hasClinicNum, formUrl]);

  return () => {
    isChanging.current = true;
    setSearchParams((params) => {
      const next = new URLSearchParams(params);
      next.delete('clinic_num');
      return next;
    });
  };
}
