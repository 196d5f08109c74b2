import type * as TextTooltipModule from './text-tooltip.tsx';

type TooltipModule = typeof TextTooltipModule;

/** A promise React's `use` reads at once when it is already settled (React's own status fields). */
type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T };

let loading: TrackedPromise<TooltipModule | null> | null = null;

/**
 * The tooltip code (Radix), fetched once and shared by every tooltip. Resolves to null when it
 * cannot be fetched (the full text stays available to screen readers; the next scope tries again).
 */
export function loadTooltipModule(): Promise<TooltipModule | null> {
  if (loading) return loading;
  const promise: TrackedPromise<TooltipModule | null> = import('./text-tooltip.tsx').then(
    (module) => {
      Object.assign(promise, { status: 'fulfilled', value: module });
      return module;
    },
    () => {
      loading = null;
      Object.assign(promise, { status: 'fulfilled', value: null });
      return null;
    },
  );
  promise.status = 'pending';
  loading = promise;
  return promise;
}

/** The tooltip code once it has loaded, else null. */
export function loadedTooltipModule(): TooltipModule | null {
  return loading?.status === 'fulfilled' ? (loading.value ?? null) : null;
}
