import { useEffect, useRef } from 'react';
import { useSearchParams } from '../../../lib/page-router.tsx';
import { useMessages } from '../../../lib/i18n/use-messages.ts';
import * as messages from './manage-page.messages.ts';

const ASKED_CLASS = 'border-blue-700 bg-blue-50';

interface ConfirmVisitProps {
  isConfirming: boolean;
  error: string | null;
  onConfirm: () => void;
}

/**
 * The patient's word that they will come (ADR 0037). Opened from a reminder's Confirm link
 * (`?confirm`), the button takes focus and stands out, but only pressing it confirms: a GET never
 * changes anything, since mail scanners open links by themselves.
 */
export function ConfirmVisit({ isConfirming, error, onConfirm }: ConfirmVisitProps) {
  const t = useMessages(messages);
  const [search] = useSearchParams();
  const isAsked = search.has('confirm');
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isAsked) button.current?.focus();
  }, [isAsked]);

  return (
    <section
      aria-labelledby="confirm-visit-question"
      className={`flex flex-col gap-3 rounded-lg border p-4 ${isAsked ? ASKED_CLASS : 'border-slate-200'}`}
    >
      <p id="confirm-visit-question" className="text-slate-900">
        {t('confirmQuestion')}
      </p>
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {error}
        </p>
      )}
      <button
        ref={button}
        type="button"
        disabled={isConfirming}
        onClick={onConfirm}
        className="min-h-11 self-start rounded-md bg-blue-700 px-4 py-2 font-semibold text-white disabled:opacity-60"
      >
        {isConfirming ? t('confirming') : t('confirmButton')}
      </button>
    </section>
  );
}
