import { PRODUCT_NAME, TERMS_URL } from '#domain/product.ts';
import { useMessages } from '../../lib/i18n/use-messages.ts';
import { LanguageSwitch } from './language-switch.tsx';
import * as messages from './powered-by-footer.messages.ts';

/** Spec section 2: 'Powered by … | Terms of Service' under the booking form, with the language switch (ADR 0034). */
export function PoweredByFooter() {
  const t = useMessages(messages);
  return (
    <footer className="flex flex-col items-center gap-2 px-4 py-6 text-center text-sm text-slate-600">
      <p>
        {t('poweredBy', { product: PRODUCT_NAME })} |{' '}
        <a href={TERMS_URL} className="underline underline-offset-2 hover:text-slate-900">
          {t('terms')}
        </a>
      </p>
      <LanguageSwitch label={t('languageSwitch')} />
    </footer>
  );
}
