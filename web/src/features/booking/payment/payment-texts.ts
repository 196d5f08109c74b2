import { PRODUCT_NAME } from '#domain/product.ts';

/** "Payment Failed - Bright Smile Dental - Chairtime": the tab names the practice (the page title comes translated). */
export function paymentDocumentTitle(pageTitle: string, practiceName: string): string {
  return `${pageTitle} - ${practiceName} - ${PRODUCT_NAME}`;
}
