import type { ReactNode } from 'react';
import { PoweredByFooter } from './powered-by-footer.tsx';
import { CARD_CLASS } from './class-names.ts';

interface SimplePageProps {
  title: string;
  children?: ReactNode;
}

/**
 * A centred card with one heading, and the footer with the language switch: the frame of pages without
 * a practice's branding.
 */
export function SimplePage({ title, children }: SimplePageProps) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50">
      <main className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">
        <div className={CARD_CLASS}>
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          {children}
        </div>
      </main>
      <PoweredByFooter />
    </div>
  );
}
