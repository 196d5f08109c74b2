import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The review page's answers from the API (ADR 0034). */
export const en = {
  invalidLink: 'This review link is not valid. Please open the full link from the message you received.',
  unknownRequest: 'We could not find this review request. Please open the link from the message you received again.',
  noGooglePage:
    'This practice has not set up a Google review page yet. Thank you for wanting to share your experience!',
  feedbackAlreadySent: 'We already received your feedback for this visit. Thank you!',
  feedbackReceived: 'Thank you for your feedback. The practice will read it carefully.',
  errorPageTitle: 'Review',
  errorPageHeading: 'Sorry',
};

export const es: Translation<typeof en> = {
  invalidLink: 'Este enlace de reseña no es válido. Abra el enlace completo del mensaje que recibió.',
  unknownRequest: 'No encontramos esta solicitud de reseña. Vuelva a abrir el enlace del mensaje que recibió.',
  noGooglePage:
    'Este consultorio todavía no tiene una página de reseñas de Google. ¡Gracias por querer compartir su experiencia!',
  feedbackAlreadySent: 'Ya recibimos sus comentarios sobre esta visita. ¡Gracias!',
  feedbackReceived: 'Gracias por sus comentarios. El consultorio los leerá con atención.',
  errorPageTitle: 'Reseña',
  errorPageHeading: 'Lo sentimos',
};
