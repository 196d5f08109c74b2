import type { Translation } from '#domain/i18n/message-catalog.ts';

export const en = {
  pageName: 'Thank you for your visit',
  heading: 'Thank you for choosing us, {firstName} {lastName}',
  loading: 'Loading your review page',
  invitation:
    'We hope your visit went well. If you have a minute, please share your experience on Google: it ' +
    'helps other patients find the care they need.',
  hopeWentWell: 'We hope your visit went well.',
  reviewButton: 'Leave a Review on Google',
  opensInNewTab: 'Opens in a new tab',
  notHappy: 'Not happy with your visit ?',
  tellPrivately: 'Tell the practice privately what went wrong.',
  letUsKnow: 'Let us know',
};

export const es: Translation<typeof en> = {
  pageName: 'Gracias por su visita',
  heading: 'Gracias por elegirnos, {firstName} {lastName}',
  loading: 'Cargando su página de reseña',
  invitation:
    'Esperamos que su visita haya ido bien. Si tiene un minuto, comparta su experiencia en Google: ' +
    'así otros pacientes encuentran la atención que necesitan.',
  hopeWentWell: 'Esperamos que su visita haya ido bien.',
  reviewButton: 'Dejar una reseña en Google',
  opensInNewTab: 'Se abre en una pestaña nueva',
  notHappy: '¿No quedó conforme con su visita?',
  tellPrivately: 'Cuéntele al consultorio en privado qué salió mal.',
  letUsKnow: 'Cuéntenos',
};
