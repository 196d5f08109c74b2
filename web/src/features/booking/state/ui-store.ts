import { create } from 'zustand';
export { SLOT_UNAVAILABLE_MESSAGE } from '#domain/booking/slot-refusal-messages.ts';

/** Shown on the slot page after a 409: someone else booked the chosen time first. */
export const SLOT_TAKEN_MESSAGE = 'Sorry, that time was just booked by someone else. Please choose another slot.';

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
  setSlotRefusal(value: 'taken' | 'unavailable' | null): void;
  setAdvancing(value: boolean): void;
  requestHeadingFocus(): void;
  clearHeadingFocusRequest(): void;
}

export const useUiStore = create<UiState>()((set) => ({
  isAdvancing: false,
  isHeadingFocusRequested: false,
  slotRefusal: null,
  setSlotRefusal: (value) => set({ slotRefusal: value }),
  setAdvancing: (value) => set({ isAdvancing: value }),
  requestHeadingFocus: () => set({ isHeadingFocusRequested: true }),
  clearHeadingFocusRequest: () => set({ isHeadingFocusRequested: false }),
}));
