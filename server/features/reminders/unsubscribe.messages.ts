import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The unsubscribe link's refusal (ADR 0037). */
export const en = {
  notFound: 'This unsubscribe link does not work any more. To stop reminder e-mails, please call the office.',
};

export const es: Translation<typeof en> = {
  notFound:
    'Este enlace para darse de baja ya no funciona. Para dejar de recibir recordatorios por correo electrónico, ' +
    'llame al consultorio.',
};
