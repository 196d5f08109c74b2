import type { Translation } from '#domain/i18n/message-catalog.ts';

/**
 * The booking form's frame: its loading state, and the 'Step N' label and the shared Back and Next
 * buttons (spec section 2).
 */
export const en = {
  loadingForm: 'Loading the booking form',
  loadingFormNow: 'Loading the booking form…',
  step: 'Step {n}',
  back: 'Back',
  next: 'Next',
};

export const es: Translation<typeof en> = {
  loadingForm: 'Cargando el formulario de reserva',
  loadingFormNow: 'Cargando el formulario de reserva…',
  step: 'Paso {n}',
  back: 'Atrás',
  next: 'Siguiente',
};
