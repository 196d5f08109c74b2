import type { ReactNode } from 'react';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';
import { PoweredByFooter } from '../../../components/ui/powered-by-footer.tsx';
import { useDocumentMeta } from '../../../lib/use-document-meta.ts';
import { paymentDocumentTitle } from './payment-texts.ts';
import { PracticeHeader } from './practice-header.tsx';
import { CARD_CLASS } from '../../../components/ui/class-names.ts';
import { OutcomeHeading } from '../../../components/ui/outcome-heading.tsx';

interface PaymentFrameProps {
  title: string;
  /** The practice, once its form details have loaded: its header, and its name in the tab title. */
  practice?: FormDetails | null | undefined;
  /** The heading takes focus when it changes after the first render (the lookup's answer arrived). */
  children?: ReactNode;
  isBusy?: boolean;
}

/**
 * The payment-return pages' frame: the practice's header, then a centred card with a heading that
 * takes focus when the page's answer replaces the waiting state, so screen-reader users hear the
 * outcome.
 */
export function PaymentFrame({ title, practice, children, isBusy = false }: PaymentFrameProps) {
  useDocumentMeta(
    practice ? { title: paymentDocumentTitle(title, practice.name), description: practice.description } : null,
  );

  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      {practice && <PracticeHeader form={practice} />}
      <main
        aria-busy={isBusy || undefined}
        className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center"
      >
        <div className={CARD_CLASS}>
          <OutcomeHeading
            text={title}
            className="text-2xl font-semibold text-slate-900 focus-visible:outline-offset-4"
          />
          {children}
        </div>
      </main>
      <PoweredByFooter />
    </div>
  );
}
