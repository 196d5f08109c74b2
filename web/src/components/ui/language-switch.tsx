import { useState } from 'react';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '#domain/i18n/languages.ts';
import { changeLanguage } from '../../lib/i18n/catalogue-registry.ts';
import { useLanguage } from '../../lib/i18n/use-messages.ts';

const LANGUAGE_LINK_CLASS =
  'underline-offset-2 hover:text-slate-900 hover:underline aria-[current=true]:font-semibold ' +
  'aria-[current=true]:text-slate-900 aria-[current=true]:no-underline';

/**
 * The footer's language switch (ADR 0034): plain buttons, so Tab and Enter reach them; each
 * language named in itself and marked with its `lang` for screen readers. Switching changes no
 * route and no state, so the step and everything typed stay.
 */
export function LanguageSwitch({ label }: { label: string }) {
  const language = useLanguage();
  const [pending, setPending] = useState<Language | null>(null);
  const choose = (next: Language) => {
    if (pending !== null || next === language) return;
    setPending(next);
    void changeLanguage(next).finally(() => setPending(null));
  };
  return (
    <nav aria-label={label}>
      <ul className="flex gap-3">
        {LANGUAGES.map((l) => (
          <li key={l}>
            <button
              type="button"
              lang={l}
              aria-current={l === language ? 'true' : undefined}
              aria-busy={pending === l || undefined}
              // Not `disabled` while switching: that would drop the keyboard focus from the button just pressed.
              aria-disabled={pending !== null || undefined}
              onClick={() => choose(l)}
              className={LANGUAGE_LINK_CLASS}
            >
              {LANGUAGE_NAMES[l]}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
