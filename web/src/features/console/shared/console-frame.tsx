import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '#domain/product.ts';

/** The frame of the signed-out pages: a centred card with one heading. */
export function ConsoleFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-100 px-4 py-12">
      <div className="flex w-full max-w-md flex-col gap-4 rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{PRODUCT_NAME} staff console</p>
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        {children}
      </div>
    </main>
  );
}
