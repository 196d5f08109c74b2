import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), ' +
  '[tabindex]:not([tabindex="-1"])';

interface ConsoleDialogProps {
  title: string;
  onClose: () => void;
  /** `panel`: the booking's details along the right edge; `centred`: a question over it. */
  shape: 'panel' | 'centred';
  children: ReactNode;
}

/**
 * A modal dialog (WAI-ARIA dialog pattern): its heading takes the focus on opening, Tab stays
 * inside, Esc closes it (only the innermost one, when one opens another), and the caller returns
 * the focus to what opened it. No library: the console needs only this.
 */
export function ConsoleDialog({ title, onClose, shape, children }: ConsoleDialogProps) {
  const titleId = useId();
  const container = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !container.current) return;
    event.stopPropagation();
    const focusable = [...container.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
      (element) => !element.closest('[inert]'),
    );
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return event.preventDefault();
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === heading.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const box =
    shape === 'panel'
      ? 'fixed inset-y-0 right-0 z-50 flex w-full max-w-xl flex-col overflow-y-auto bg-white shadow-2xl'
      : 'fixed top-1/2 left-1/2 z-[60] flex max-h-[90vh] w-[min(32rem,95vw)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-xl bg-white shadow-2xl';
  return (
    <>
      <div
        aria-hidden="true"
        onClick={onClose}
        className={`fixed inset-0 bg-slate-900/40 ${shape === 'panel' ? 'z-40' : 'z-[55]'}`}
      />
      <div
        ref={container}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
        className={box}
      >
        <div className="flex items-start gap-4 border-b border-slate-200 p-4">
          <h2 id={titleId} ref={heading} tabIndex={-1} className="mr-auto text-xl font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            className="min-h-11 rounded-md border border-slate-400 px-3 font-medium"
          >
            Close
          </button>
        </div>
        <div className="flex flex-col gap-4 p-4">{children}</div>
      </div>
    </>
  );
}
