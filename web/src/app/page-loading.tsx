import { useMessages } from '../lib/i18n/use-messages.ts';
import * as messages from './app.messages.ts';

/** Shown for the moment a lazily loaded page's code is on its way. */
export function PageLoading() {
  const t = useMessages(messages);
  return (
    <main aria-busy="true" className="min-h-screen">
      <p role="status" className="sr-only">
        {t('pageLoading')}
      </p>
    </main>
  );
}
