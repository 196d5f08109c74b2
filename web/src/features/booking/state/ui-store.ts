import { create } from 'zustand';

/** Screen-only state that must not survive a reload: the auto-advance overlay and heading focus. */
interface UiState {
  isAdvancing: boolean;
  /** Set when the step changes, so the new step's heading takes focus (not on the first load). */
  isHeadingFocusRequested: boolean;
  setAdvancing(value: boolean): void;
  requestHeadingFocus(): void;
  clearHeadingFocusRequest(): void;
}

export const useUiStore = create<UiState>()((set) => ({
  isAdvancing: false,
  isHeadingFocusRequested: false,
  setAdvancing: (value) => set({ isAdvancing: value }),
  requestHeadingFocus: () => set({ isHeadingFocusRequested: true }),
  clearHeadingFocusRequest: () => set({ isHeadingFocusRequested: false }),
}));
