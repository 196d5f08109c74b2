import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The bot check's refusals (ADR 0034). */
export const en = {
  missing: 'The bot check is missing. Please reload the page and try again.',
  unreadable: 'The bot check could not be read. Please reload the page and try again.',
  expired: 'The bot check has expired. Please try again.',
  failed: 'The bot check failed. Please reload the page and try again.',
  alreadyUsed: 'This bot check was already used. Please try again.',
};

export const es: Translation<typeof en> = {
  missing: 'Falta la verificación contra bots. Vuelva a cargar la página e inténtelo de nuevo.',
  unreadable: 'No se pudo leer la verificación contra bots. Vuelva a cargar la página e inténtelo de nuevo.',
  expired: 'La verificación contra bots venció. Inténtelo de nuevo.',
  failed: 'La verificación contra bots falló. Vuelva a cargar la página e inténtelo de nuevo.',
  alreadyUsed: 'Esta verificación contra bots ya se usó. Inténtelo de nuevo.',
};
