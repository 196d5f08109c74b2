import { useQuery } from '@tanstack/react-query';
import { useParams } from '../../lib/page-router.tsx';
import { NotFoundMessage, NotFoundPage } from '../../components/ui/not-found-page.tsx';
import * as notFoundMessages from '../../components/ui/ui.messages.ts';
import { useLanguage, useMessages } from '../../lib/i18n/use-messages.ts';
import { useDocumentMeta } from '../../lib/use-document-meta.ts';
import { formDetailsQuery } from '../../lib/practice-form-queries.ts';
import { BrandedFrame } from '../../components/branding/branded-frame.tsx';
import { practicePageTitle } from '../../components/branding/practice-page-title.ts';

/**
 * Route `/:formUrl/:unknownPage`, a path under a practice that is not one of its pages: the 404 page in the
 * practice's branding, so the patient still sees whose site this is and how to call; the plain
 * 404 page when there is no such practice.
 */
export function PracticeNotFoundPage() {
  const { formUrl = '' } = useParams();
  const t = useMessages(notFoundMessages);
  const form = useQuery(formDetailsQuery(formUrl, null, useLanguage()));
  useDocumentMeta(
    form.data
      ? { title: practicePageTitle(t('pageNotFound'), form.data.name), description: form.data.description }
      : null,
  );

  if (form.isPending) return <main aria-busy="true" className="min-h-screen" />;
  if (!form.data) return <NotFoundPage />;
  return (
    <BrandedFrame form={form.data}>
      <div className="flex flex-col items-center gap-4 text-center">
        <NotFoundMessage />
      </div>
    </BrandedFrame>
  );
}
