import type { ReactNode } from 'react';

interface SimplePageProps {
  title: string;
  children?: ReactNode;
}

/** A centred card with one heading: the frame of the payment-return and review pages. */
export function SimplePage({ title, children }: SimplePageProps) {
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-50 px-4 py-12 sm:items-center">
      <div className="flex w-full max-w-lg flex-col gap-4 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm sm:p-10">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
    </main>
  );
}
