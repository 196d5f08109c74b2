import type { Translation } from '#domain/i18n/message-catalog.ts';

/** Page 3 (spec section 2). */
export const en = {
  heading: 'Please select provider',
  providerRequired: 'Please select a Provider',
  providerGroup: 'Provider',
  earliestAvailable: 'Select Earliest Available Provider',
};

export const es: Translation<typeof en> = {
  heading: 'Seleccione un profesional',
  providerRequired: 'Seleccione un profesional',
  providerGroup: 'Profesional',
  earliestAvailable: 'Primero disponible',
};
