import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useMessages } from '../../lib/i18n/use-messages.ts';
import * as messages from './booking-form.messages.ts';

/** Spec section 2: the placeholder shown while the practice form loads, shaped like the page to come. */
export function BookingSkeleton() {
  const t = useMessages(messages);
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 lg:flex-row">
      <div
        aria-hidden="true"
        className="flex flex-col gap-3 bg-slate-300 px-6 py-8 sm:px-10 lg:min-h-screen lg:w-96 lg:py-12"
      >
        <Skeleton className="h-16 w-16 bg-slate-200/70" />
        <Skeleton className="h-7 w-3/4 bg-slate-200/70" />
        <Skeleton className="h-4 w-2/3 bg-slate-200/70" />
      </div>
      <main aria-busy="true" className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-8 lg:py-12">
        <div role="status" aria-label={t('loadingForm')} className="flex flex-col gap-6">
          <span className="sr-only">{t('loadingFormNow')}</span>
          <Skeleton className="h-8 w-2/3 max-w-md" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
          <Skeleton className="h-10 w-28 self-end" />
        </div>
      </main>
    </div>
  );
}
