import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The 'Step N' label and the shared Back and Next buttons (spec section 2). */
export const en = {
  step: 'Step {n}',
  back: 'Back',
  next: 'Next',
};

export const es: Translation<typeof en> = {
  step: 'Paso {n}',
  back: 'Atrás',
  next: 'Siguiente',
};
