import type { Translation } from './message-catalog.ts';

/**
 * Validation messages of the shared schemas (domain): a zod issue's `message` is a key of this
 * catalogue, which the web shows with `useMessages` and the server's error envelope translates
 * into the request's language (ADR 0034).
 */
export const en = {
  feedbackCategoryInvalid: 'Please choose a feedback category from the list.',
  feedbackDescriptionRequired: 'Please describe your feedback.',
  feedbackDescriptionTooLong: 'Your feedback must be at most 2000 characters.',
};

export const es: Translation<typeof en> = {
  feedbackCategoryInvalid: 'Elija una categoría de comentarios de la lista.',
  feedbackDescriptionRequired: 'Describa sus comentarios.',
  feedbackDescriptionTooLong: 'Sus comentarios pueden tener como máximo 2000 caracteres.',
};
