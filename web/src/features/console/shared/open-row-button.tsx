import type { ReactNode } from 'react';

/** A list row that opens its item's details; the button is passed on so the focus can return to it. */
export function OpenRowButton({ onOpen, children }: { onOpen: (opener: HTMLElement) => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={(event) => onOpen(event.currentTarget)}
      className="flex w-full flex-col items-start gap-1 rounded-md border border-slate-300 bg-white p-3 text-left"
    >
      {children}
    </button>
  );
}
