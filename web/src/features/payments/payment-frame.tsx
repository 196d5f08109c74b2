import { useLayoutEffect, useRef, type ReactNode } from 'react';

interface PaymentFrameProps {
  title: string;
  /** The heading takes focus when it changes after the first render (the lookup's answer arrived). */
  children?: ReactNode;
  isBusy?: boolean;
}

/**
 * The payment-return pages' frame: the same centred card as the other simple pages, with a
 * heading that takes focus when the page's answer replaces the waiting state, so screen-reader
 * users hear the outcome.
 */
export function PaymentFrame({ title, children, isBusy = false }: PaymentFrameProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstTitle = useRef(title);

  // A layout effect, so the heading is focused in the same commit that shows it: a passive effect
  // runs a moment later, and anything reading focus in between sees the old element.
  useLayoutEffect(() => {
    if (title !== firstTitle.current) headingRef.current?.focus();
  }, [title]);

  return (
    <main aria-busy={isBusy || undefined} className="flex min-h-screen items-start justify-center bg-slate-50 px-4 py-12 sm:items-center">
      <div className="flex w-full max-w-lg flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
        <h1 ref={headingRef} tabIndex={-1} className="text-2xl font-semibold text-slate-900 focus-visible:outline-offset-4">
          {title}
        </h1>
        {children}
      </div>
    </main>
  );
}
