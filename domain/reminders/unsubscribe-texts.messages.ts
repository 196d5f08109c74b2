import type { Translation } from '../i18n/message-catalog.ts';

/**
 * The unsubscribe page's button: the page shows it and the server records it as the words of the
 * opt-out (ADR 0033's consent ledger), so both read it from here.
 */
export const en = {
  stopButton: 'Stop reminder e-mails from {practice}',
};

export const es: Translation<typeof en> = {
  stopButton: 'Dejar de recibir recordatorios por correo electrónico de {practice}',
};
