import type { ReactNode } from 'react';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';
import { PoweredByFooter } from '../ui/powered-by-footer.tsx';
import { SidePanel } from './side-panel.tsx';

/**
 * A page of a practice outside the booking form (review, feedback, not found): the branding side
 * panel above (small screens) or beside (large screens) the page's own card, as on the booking form.
 * The page's heading is the only h1, so the panel names the practice in a paragraph.
 */
export function BrandedFrame({ form, children }: { form: FormDetails; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 lg:flex-row">
      <SidePanel form={form} clinic={null} isPageHeading={false} />
      <div className="flex min-w-0 flex-1 flex-col">
        <main className="flex flex-1 items-start justify-center px-4 py-8 sm:px-8 lg:items-center lg:py-12">
          {children}
        </main>
        <PoweredByFooter />
      </div>
    </div>
  );
}
