/** Spec section 5: the date message shows only once the input is complete and still not a valid date. */
export function isCompleteDate(text: string | null | undefined): boolean {
  return typeof text === 'string' && /^\d{2}\/\d{2}\/\d{4}$/.test(text);
}

export type SubmitLabel = 'Next' | 'Pay & Schedule' | 'Submitting' | 'Submit';

/** Spec section 2 page 5, in the spec's order: verification, payment, in progress, otherwise Submit. */
export function submitLabel(options: { toVerifyPatient: boolean; isPaymentEnabled: boolean; isSubmitting: boolean }): SubmitLabel {
  if (options.toVerifyPatient) return 'Next';
  if (options.isPaymentEnabled) return 'Pay & Schedule';
  if (options.isSubmitting) return 'Submitting';
  return 'Submit';
}
