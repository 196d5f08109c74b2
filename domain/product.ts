/** The product's own name and pages, shown in titles and the footer of every booking form. */
export const PRODUCT_NAME = 'Chairtime';
export const TERMS_URL = '/terms.html';
