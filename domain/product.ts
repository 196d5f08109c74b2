/** The product's own name and pages, shown in titles and the footer of every booking form. */
export const PRODUCT_NAME = 'Chairtime';
export const TERMS_URL = '/terms.html';
export const DEFAULT_PRACTICE_DESCRIPTION = 'Book an appointment with top dentists near you.';

export function documentTitle(practiceName: string): string {
  return `Book appointment with ${practiceName} - ${PRODUCT_NAME}`;
}

export function documentDescription(practiceDescription: string | null | undefined): string {
  const trimmed = practiceDescription?.trim();
  return trimmed ? trimmed : DEFAULT_PRACTICE_DESCRIPTION;
}
