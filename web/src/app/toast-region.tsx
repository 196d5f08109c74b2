import { withMessages } from '../lib/i18n/catalogue-registry.ts';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { isToasterRequested, subscribeToasterRequest } from '../lib/toast.ts';

const LazyToaster = lazy(withMessages(() => import('./toaster.tsx')));

/** Mounts the toast region the first time a toast is raised (see lib/toast.ts). */
export function ToastRegion() {
  const isRequested = useSyncExternalStore(subscribeToasterRequest, isToasterRequested, () => false);
  if (!isRequested) return null;
  return (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  );
}
