import { useMessages } from '../../lib/i18n/use-messages.ts';
import * as messages from './ui.messages.ts';
import { PoweredByFooter } from './powered-by-footer.tsx';

interface NotFoundPageProps {
  /** The form-load error message; 'Page Not Found' when there is none (spec section 2). */
  message?: string;
}

/** The 404 and error page, with the footer (and its language switch) as on every patient page. */
export function NotFoundPage({ message }: NotFoundPageProps) {
  return (
    <div className="flex min-h-screen flex-col">
      <main className="flex flex-1 flex-col items-center justify-center gap-4 px-6 py-16 text-center">
        <NotFoundMessage message={message} />
      </main>
      <PoweredByFooter />
    </div>
  );
}

/** The 404 page's heading and sentence, also shown inside a practice's branding. */
export function NotFoundMessage({ message }: NotFoundPageProps) {
  const t = useMessages(messages);
  return (
    <>
      <h1 className="text-5xl font-bold tracking-tight text-slate-900">{t('heading')}</h1>
      <p className="max-w-prose text-lg text-slate-700">{message?.trim() ? message : t('pageNotFound')}</p>
    </>
  );
}
