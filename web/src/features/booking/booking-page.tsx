import { useParams, useSearchParams } from '../../lib/page-router.tsx';
import { PRODUCT_NAME } from '#domain/product.ts';
import { NotFoundPage } from '../../components/ui/not-found-page.tsx';
import { useLanguage, useMessages } from '../../lib/i18n/use-messages.ts';
import * as messages from '#domain/product.messages.ts';
import { useDocumentMeta } from '../../lib/use-document-meta.ts';
import { formDetailsQuery } from '../../lib/practice-form-queries.ts';
import { usePageQuery } from '../../lib/page-queries/use-page-query.ts';
import { BookingScreen } from './booking-screen.tsx';
import { BookingSkeleton } from './booking-skeleton.tsx';

/**
 * Route `/:formUrl`: loads the practice form, then shows the booking screen; a failed load shows the
 * 404 page with the server's message.
 */
export function BookingPage() {
  const { formUrl = '' } = useParams();
  const [searchParams] = useSearchParams();
  // The language in the key: a switch refetches the practice's texts in it, the old ones shown meanwhile.
  const form = usePageQuery(formDetailsQuery(formUrl, searchParams.get('referrer_id'), useLanguage()));
  const t = useMessages(messages);
  useDocumentMeta(
    form.data
      ? {
          title: t('documentTitle', { practice: form.data.name, product: PRODUCT_NAME }),
          description: form.data.description,
        }
      : null,
  );

  if (form.data) return <BookingScreen form={form.data} />;
  if (form.isError) return <NotFoundPage message={form.error.message} />;
  return <BookingSkeleton />;
}
