import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { TOAST_DURATION_MS, toasterMounted } from '../lib/toast.ts';

/** Spec sections 2 and 9: toasts at the top centre, closing after 3 s; sonner announces them politely. */
export default function AppToaster() {
  useEffect(() => {
    // Sonner subscribes to new toasts in its own effect, which runs before this parent effect.
    toasterMounted();
  }, []);
  return <Toaster position="top-center" duration={TOAST_DURATION_MS} closeButton={false} toastOptions={{ className: 'text-base' }} />;
}
