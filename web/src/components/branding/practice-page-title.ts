import { PRODUCT_NAME } from '#domain/product.ts';

/**
 * The tab title of a page other than the booking form: what the page is, then whose it is, like
 * the booking form's 'Book appointment with {practice name} - {product name}' (spec section 2).
 */
export function practicePageTitle(pageName: string, practiceName: string): string {
  return `${pageName} - ${practiceName} - ${PRODUCT_NAME}`;
}
