import type { Translation } from '#domain/i18n/message-catalog.ts';

export const en = {
  title: 'Feedback Form',
  loading: 'Loading the feedback form',
  incompleteLink: 'This feedback link is incomplete. Please open it again from your review page.',
  category: 'Category',
  description: 'Description',
  placeholder: 'Enter your message...',
  submit: 'Submit',
  submitting: 'Submitting',
  sentFallback: 'Thank you for your feedback.',
};

export const es: Translation<typeof en> = {
  title: 'Formulario de comentarios',
  loading: 'Cargando el formulario de comentarios',
  incompleteLink: 'Este enlace de comentarios está incompleto. Ábralo de nuevo desde su página de reseña.',
  category: 'Categoría',
  description: 'Descripción',
  placeholder: 'Escriba su mensaje...',
  submit: 'Enviar',
  submitting: 'Enviando',
  sentFallback: 'Gracias por sus comentarios.',
};
