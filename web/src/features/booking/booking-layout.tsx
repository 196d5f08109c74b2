import type { ReactNode } from 'react';
import { PoweredByFooter } from '../../components/ui/powered-by-footer.tsx';

interface BookingLayoutProps {
  panel: ReactNode;
  children: ReactNode;
}

/** The side panel above the form on small screens and beside it from the `lg` breakpoint; the footer under the form. */
export function BookingLayout({ panel, children }: BookingLayoutProps) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 lg:flex-row">
      {panel}
      <div className="flex min-w-0 flex-1 flex-col">
        <main className="mx-auto w-full max-w-4xl flex-1 px-4 py-8 sm:px-8 lg:pt-(--toast-clearance) lg:pb-12">
          {children}
        </main>
        <PoweredByFooter />
      </div>
    </div>
  );
}
