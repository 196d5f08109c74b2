import type { ReactNode } from 'react';
import { PoweredByFooter } from './powered-by-footer.tsx';

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
        <div className="flex w-full max-w-lg flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
          <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
          {children}
        </div>
      </main>
      <PoweredByFooter />
    </div>
  );
}
