import { useState } from 'react';
import { isSameSession, useBookingStore } from './state/booking-store.ts';

/**
 * Spec section 4: the stored booking belongs to one practice path and one clinic_num; opening
 * another (or the same path with another clinic_num) starts afresh. Runs before the first render
 * of the steps, so a stale step never flashes.
 */
export function useBookingSession(formUrl: string, clinicNumParam: string | null): void {
  useState(() => {
    const state = useBookingStore.getState();
    if (!isSameSession(state, formUrl, clinicNumParam)) state.startSession(formUrl, clinicNumParam);
    return true;
  });
}
