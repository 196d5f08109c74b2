import { lazy, useState, type ComponentType } from 'react';
import { withMessages } from './i18n/catalogue-registry.ts';

export type PreloadableComponent<P extends object> = ComponentType<P> & { preload: () => Promise<void> };

/**
 * React.lazy with a `preload()`. A lazy component suspends on its first render even when its
 * chunk has already arrived, and React 19 then keeps the Suspense fallback up for at least
 * 300 ms (its FALLBACK_THROTTLE_MS). Once `preload()` has finished, this one renders the loaded
 * component at once. Loaded means with its messages in the patient's language (catalogue-registry.ts).
 */
export function preloadableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): PreloadableComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () =>
    (pending ??= withMessages(load)().then(
      (module) => {
        loaded = module.default;
      },
      (error: unknown) => {
        // A failed download (a network blip) may be tried again.
        pending = null;
        throw error;
      },
    ));
  const Lazy = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  function Preloadable(props: P) {
    // Chosen once per mount: swapping the lazy wrapper for the loaded component would remount the step and
    // lose its state.
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return Object.assign(Preloadable, { preload });
}
