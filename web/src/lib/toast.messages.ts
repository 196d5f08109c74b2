import type { Translation } from '#domain/i18n/message-catalog.ts';

export const en = {
  /** Spec section 8: an error toast with no message of the server's. */
  somethingWentWrong: 'Something went wrong',
};

export const es: Translation<typeof en> = {
  somethingWentWrong: 'Algo salió mal',
};
