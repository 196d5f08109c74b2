import type { ReactNode } from 'react';

/** A failure to read now: the server's own message. */
export function ErrorNote({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
      {children}
    </p>
  );
}

/** A result or a state the person should hear about. */
export function StatusNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-emerald-900">
      {children}
    </p>
  );
}

/** While a page's own script arrives (each page is loaded when first opened, ADR 0045). */
export function LoadingNote({ children = 'Loading…' }: { children?: ReactNode }) {
  return (
    <p role="status" aria-busy="true" className="p-8 text-slate-700">
      {children}
    </p>
  );
}
