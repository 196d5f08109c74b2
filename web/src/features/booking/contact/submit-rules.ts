import type { en } from './contact-form.messages.ts';

/** Spec section 5: the date message shows only once the input is complete and still not a valid date. */
export function isCompleteDate(text: string | null | undefined): boolean {
  return typeof text === 'string' && /^\d{2}\/\d{2}\/\d{4}$/.test(text);
}

/** The submit button's words, as a key of contact-form.messages.ts. */
export type SubmitLabel = keyof typeof en & ('submitNext' | 'payAndSchedule' | 'submitting' | 'submit');

/** Spec section 2 page 5, in the spec's order: verification ('Next'), payment, in progress, otherwise 'Submit'. */
export function submitLabel(options: {
  toVerifyPatient: boolean;
  isPaymentEnabled: boolean;
  isSubmitting: boolean;
}): SubmitLabel {
  if (options.toVerifyPatient) return 'submitNext';
  if (options.isPaymentEnabled) return 'payAndSchedule';
  if (options.isSubmitting) return 'submitting';
  return 'submit';
}
