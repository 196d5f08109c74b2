import type { Translation } from '#domain/i18n/message-catalog.ts';

/** The error handler's and the request parsers' own sentences (ADR 0034). */
export const en = {
  invalidJson: 'The request body is not valid JSON.',
  busy: 'The service is busy or briefly unavailable. Please try again in a few seconds.',
  internal: 'Something went wrong on our side. Please try again.',
  rateLimited: 'Too many requests. Please try again in {seconds, plural, other {# seconds}}.',
  addressTooLong: 'A value in the address is too long.',
  addressInvalid: 'The address is not valid.',
  notAllowedCharacters: 'The request contains characters that are not allowed (NUL) or is nested too deeply.',
  fieldRequired: '{field} is required',
  pleaseCorrect: 'Please correct: {problems}',
  invalidQuery: 'Invalid query parameter {problems}',
  noApiEndpoint: 'There is no API endpoint {method} {path}.',
  nothingServed: 'Nothing is served at {method} {path}.',
};

export const es: Translation<typeof en> = {
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido.',
  busy: 'El servicio está ocupado o no está disponible por un momento. Vuelva a intentarlo en unos segundos.',
  internal: 'Algo salió mal de nuestro lado. Vuelva a intentarlo.',
  rateLimited: 'Demasiadas solicitudes. Vuelva a intentarlo en {seconds, plural, one {# segundo} other {# segundos}}.',
  addressTooLong: 'Un valor de la dirección es demasiado largo.',
  addressInvalid: 'La dirección no es válida.',
  notAllowedCharacters: 'La solicitud contiene caracteres no permitidos (NUL) o está anidada demasiado.',
  fieldRequired: '{field} es obligatorio',
  pleaseCorrect: 'Corrija lo siguiente: {problems}',
  invalidQuery: 'Parámetro de consulta no válido {problems}',
  noApiEndpoint: 'No existe el punto de acceso de la API {method} {path}.',
  nothingServed: 'No hay nada en {method} {path}.',
};
