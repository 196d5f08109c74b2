import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The app frame's own texts: a page's code on its way, a page that failed to render, the toasts' region. */
export const en = {
  pageLoading: 'Loading…',
  unexpectedError: 'Something went wrong. Please reload the page.',
  notifications: 'Notifications',
};

export const es: Translation<typeof en> = {
  pageLoading: 'Cargando…',
  unexpectedError: 'Algo salió mal. Vuelva a cargar la página.',
  notifications: 'Notificaciones',
};
