import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { useMessages } from '../lib/i18n/use-messages.ts';
import { TOAST_DURATION_MS, TOAST_TOP_OFFSET_PX, toasterMounted } from '../lib/toast.ts';
import * as messages from './app.messages.ts';

/** Spec sections 2 and 9: toasts at the top centre, closing after 3 s; sonner announces them politely. */
export default function AppToaster() {
  const t = useMessages(messages);
  useEffect(() => {
    // Sonner subscribes to new toasts in its own effect, which runs before this parent effect.
    toasterMounted();
  }, []);
  // The offset keeps the toasts in the band that headings stay out of (--toast-clearance in styles.css).
  const offset = { top: TOAST_TOP_OFFSET_PX };
  return (
    <Toaster
      position="top-center"
      offset={offset}
      mobileOffset={offset}
      duration={TOAST_DURATION_MS}
      closeButton={false}
      containerAriaLabel={t('notifications')}
      toastOptions={{ className: 'text-base' }}
    />
  );
}
