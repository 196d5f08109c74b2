import { create } from 'zustand';

/** Screen-only state that must not survive a reload: the auto-advance overlay and heading focus. */
interface UiState {
  isAdvancing: boolean;
  /** Set when the step changes, so the new step's heading takes focus (not on the first load). */
  isHeadingFocusRequested: boolean;
  /**
   * Why the chosen slot was given back: taken by someone else before the booking went in (409),
   * or no longer bookable at all (422 SLOT_UNAVAILABLE); null when the slot page has nothing to say.
   */
  slotRefusal: 'taken' | 'unavailable' | null;
  /** The day of the refused slot: the slot page opens on it again, not on today's month (ADR 0062). */
  slotRefusalDate: string | null;
  /** True once the open booking page has set up its booking and step (use-booking-session.ts). */
  isBookingPrepared: boolean;
  setBookingPrepared(value: boolean): void;
  setSlotRefusal(value: 'taken' | 'unavailable' | null, date?: string | null): void;
  setAdvancing(value: boolean): void;
  requestHeadingFocus(): void;
  clearHeadingFocusRequest(): void;
}

export const useUiStore = create<UiState>()((set) => ({
  isAdvancing: false,
  isHeadingFocusRequested: false,
  slotRefusal: null,
  slotRefusalDate: null,
  isBookingPrepared: false,
  setBookingPrepared: (value) => set({ isBookingPrepared: value }),
  setSlotRefusal: (value, date = null) => set({ slotRefusal: value, slotRefusalDate: date }),
  setAdvancing: (value) => set({ isAdvancing: value }),
  requestHeadingFocus: () => set({ isHeadingFocusRequested: true }),
  clearHeadingFocusRequest: () => set({ isHeadingFocusRequested: false }),
}));
