import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '../../lib/page-router.tsx';
import * as stopWords from '#domain/reminders/unsubscribe-texts.messages.ts';
import { PracticePage, PracticePageLoading } from '../../components/branding/practice-page.tsx';
import { NotFoundPage } from '../../components/ui/not-found-page.tsx';
import { useLanguage, useMessages } from '../../lib/i18n/use-messages.ts';
import { usePrivatePage } from '../../lib/use-private-page.ts';
import { stopReminderEmails, unsubscribeQuery } from './unsubscribe-api.ts';
import * as messages from './unsubscribe-page.messages.ts';

const STOP_BUTTON_CLASS =
  'min-h-11 self-center rounded-md bg-slate-900 px-5 py-2 font-semibold text-white ' + 'disabled:opacity-60';

/**
 * Route `/unsubscribe/:token` (ADR 0037), in the practice's branding. Opening it changes nothing
 * (mail scanners open links by themselves); the button stops the reminder e-mails, and its words
 * are what the consent ledger records.
 */
export function UnsubscribePage() {
  const { token = '' } = useParams();
  const t = useMessages(messages);
  const words = useMessages(stopWords);
  const language = useLanguage();
  const queryClient = useQueryClient();
  usePrivatePage();
  const view = useQuery(unsubscribeQuery(token, language));
  const stop = useMutation({
    mutationFn: () => stopReminderEmails(token),
    onSuccess: (stopped) => queryClient.setQueryData(unsubscribeQuery(token, language).queryKey, stopped),
  });

  if (view.isPending) return <PracticePageLoading label={t('loading')} />;
  if (view.isError) return <NotFoundPage message={view.error.message} />;
  const { practice, email, is_unsubscribed } = view.data;
  // The words the ledger records as what the patient pressed.
  const stopLabel = words('stopButton', { practice: practice.name });
  return (
    <PracticePage
      formUrl={practice.form_url}
      pageName={t('pageName')}
      heading={is_unsubscribed ? t('stoppedHeading') : t('heading')}
    >
      {is_unsubscribed ? (
        <>
          <p role="status" className="text-slate-800">
            {t('stopped', { practice: practice.name, email })}
          </p>
          <p className="text-slate-700">{t('callToUndo')}</p>
        </>
      ) : (
        <>
          <p className="text-slate-700">{t('explain', { practice: practice.name, email })}</p>
          {stop.error && (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
              {stop.error.message}
            </p>
          )}
          <button type="button" disabled={stop.isPending} onClick={() => stop.mutate()} className={STOP_BUTTON_CLASS}>
            {stop.isPending ? t('stopping') : stopLabel}
          </button>
        </>
      )}
    </PracticePage>
  );
}
