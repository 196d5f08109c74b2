import type { Translation } from '#domain/i18n/message-catalog.ts';

/**
 * The last line of every program text (reminders, review requests), as carriers expect (ADR 0062).
 * No accented letter: one would make the whole text UCS-2 and double its segments.
 */
export const en = {
  optOut: 'Reply STOP to opt out',
};

export const es: Translation<typeof en> = {
  optOut: 'Responda STOP para no recibir mensajes',
};
