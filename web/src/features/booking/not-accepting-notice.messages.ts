import type { Translation } from '#domain/i18n/message-catalog.ts';

/** Spec section 1 (the server's refusal says the same: domain/booking/booking-texts.ts). */
export const en = {
  notAccepting: 'This practice is currently not accepting any appointments.',
};

export const es: Translation<typeof en> = {
  notAccepting: 'En este momento, este consultorio no está aceptando citas.',
};
