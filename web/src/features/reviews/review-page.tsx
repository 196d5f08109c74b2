import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useParams } from '../../lib/page-router.tsx';
import { NotFoundPage } from '../../components/ui/not-found-page.tsx';
import { PracticePage, PracticePageLoading } from '../../components/branding/practice-page.tsx';
import { useLanguage, useMessages } from '../../lib/i18n/use-messages.ts';
import { errorMessageOf, reviewRequestLinkQuery, reviewTrackingUrl } from './review-api.ts';
import * as messages from './review-page.messages.ts';
import { TEAL_BUTTON_CLASS } from '../../components/ui/class-names.ts';
import { PageLink } from '../../components/ui/page-link.tsx';

/**
 * Route `/review/:id`, id being the review token (spec section 2), in the practice's branding.
 * Every patient gets the same offer: the Google link is never hidden because of what they may
 * think of the visit (no review gating), only when the practice has no Google review page.
 */
export function ReviewPage() {
  const { id = '' } = useParams();
  const t = useMessages(messages);
  const link = useQuery(reviewRequestLinkQuery(id, useLanguage()));
  const newTabNoteId = useId();

  if (link.isPending) return <PracticePageLoading label={t('loading')} />;
  // Spec section 4: on failure the error message replaces the page.
  if (link.isError) return <NotFoundPage message={errorMessageOf(link.error)} />;

  const { patient_first_name, patient_last_name, request_id, form_url, has_review_url } = link.data;
  return (
    <PracticePage
      formUrl={form_url}
      pageName={t('pageName')}
      heading={t('heading', { firstName: patient_first_name, lastName: patient_last_name })}
    >
      {has_review_url ? (
        <>
          <p className="text-slate-700">{t('invitation')}</p>
          <div className="flex flex-col items-center gap-1">
            <a
              href={reviewTrackingUrl(request_id)}
              target="_blank"
              rel="noopener noreferrer"
              aria-describedby={newTabNoteId}
              className={TEAL_BUTTON_CLASS}
            >
              {t('reviewButton')}
            </a>
            <span id={newTabNoteId} className="text-sm text-slate-600">
              {t('opensInNewTab')}
            </span>
          </div>
        </>
      ) : (
        <p className="text-slate-700">{t('hopeWentWell')}</p>
      )}
      <section
        aria-labelledby={`${newTabNoteId}-feedback`}
        className="mt-2 flex flex-col gap-1 border-t border-slate-200 pt-4"
      >
        <h2 id={`${newTabNoteId}-feedback`} className="text-lg font-semibold text-slate-900">
          {t('notHappy')}
        </h2>
        <p className="text-slate-700">
          {t('tellPrivately')}{' '}
          <PageLink
            to={`/review/feedback?${new URLSearchParams({ requestId: request_id }).toString()}`}
            className="font-semibold text-slate-900 underline underline-offset-2"
          >
            {t('letUsKnow')}
          </PageLink>
        </p>
      </section>
    </PracticePage>
  );
}
