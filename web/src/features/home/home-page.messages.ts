import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The page at `/` (ADR 0065): what this server is, and on a development server its practices. */
export const en = {
  tagline: 'Online appointment booking for dental practices.',
  howToBook: 'To book a visit, open the booking link your dental practice gave you.',
  devPractices: 'Practices on this development server',
  staffConsole: 'Staff console',
  loading: 'Loading…',
};

export const es: Translation<typeof en> = {
  tagline: 'Reserva de citas en línea para clínicas dentales.',
  howToBook: 'Para reservar una visita, abra el enlace de reservas que le dio su clínica dental.',
  devPractices: 'Clínicas de este servidor de desarrollo',
  staffConsole: 'Consola del personal',
  loading: 'Cargando…',
};
