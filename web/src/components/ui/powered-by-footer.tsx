import { PRODUCT_NAME, TERMS_URL } from '#domain/product.ts';

/** Spec section 2: 'Powered by … | Terms of Service' under the booking form. */
export function PoweredByFooter() {
  return (
    <footer className="px-4 py-6 text-center text-sm text-slate-600">
      <p>
        Powered by {PRODUCT_NAME} | <a href={TERMS_URL} className="underline underline-offset-2 hover:text-slate-900">Terms of Service</a>
      </p>
    </footer>
  );
}
