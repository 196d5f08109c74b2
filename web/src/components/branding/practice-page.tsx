import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SimplePage } from '../ui/simple-page.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import { useLanguage, useMessages } from '../../lib/i18n/use-messages.ts';
import { useDocumentMeta } from '../../lib/use-document-meta.ts';
import { formDetailsQuery } from '../../lib/practice-form-queries.ts';
import { BrandedFrame } from './branded-frame.tsx';
import * as messages from './practice-page.messages.ts';
import { practicePageTitle } from './practice-page-title.ts';
import { CARD_CLASS } from '../ui/class-names.ts';

const NOT_FOUND_CARD_CLASS =
  'flex w-full max-w-lg flex-col items-center gap-4 rounded-xl border border-slate-200 ' + 'bg-white p-6 sm:p-10';

interface PracticePageProps {
  /** The practice whose page this is; null when it is not known (the page then goes unbranded). */
  formUrl: string | null;
  /** What the page is, for the tab title ('Feedback Form - Bright Smile Dental - Chairtime'). */
  pageName: string;
  heading: string;
  children?: ReactNode;
}

/**
 * A card with one heading, worn in the practice's branding (name, colour, logo, address and phone)
 * and titled with its name. A practice that cannot be loaded leaves the page plain rather than
 * hiding what the patient came for.
 */
export function PracticePage({ formUrl, pageName, heading, children }: PracticePageProps) {
  const form = useQuery({ ...formDetailsQuery(formUrl ?? '', null, useLanguage()), enabled: formUrl !== null });
  useDocumentMeta(
    form.data ? { title: practicePageTitle(pageName, form.data.name), description: form.data.description } : null,
  );

  if (formUrl !== null && form.isPending) return <PracticePageLoading />;
  if (!form.data) return <SimplePage title={heading}>{children}</SimplePage>;
  return (
    <BrandedFrame form={form.data}>
      <div className={CARD_CLASS}>
        <h1 className="text-2xl font-semibold break-words text-slate-900">{heading}</h1>
        {children}
      </div>
    </BrandedFrame>
  );
}

export function PracticePageLoading({ label }: { label?: string }) {
  const t = useMessages(messages);
  return (
    <main
      aria-busy="true"
      className="flex min-h-screen items-start justify-center bg-slate-50 px-4 py-12 sm:items-center"
    >
      <p role="status" className="sr-only">
        {label ?? t('loadingPage')}
      </p>
      <div className={NOT_FOUND_CARD_CLASS}>
        <Skeleton className="h-8 w-3/4" />
        <Skeleton className="h-16 w-full" />
        <Skeleton className="h-10 w-56" />
      </div>
    </main>
  );
}
