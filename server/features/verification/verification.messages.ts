import type { Translation } from '#domain/i18n/message-catalog.ts';

/** One-time codes: the message that carries the code, and the answers of send-otp and verify-otp (ADR 0034). */
export const en = {
  codeSubject: 'Your {practice} verification code',
  codeText: 'Your {practice} verification code is {code}. It expires in {minutes} minutes.',
  codeSentEmail: 'A {digits}-digit code was sent to your email address.',
  codeSentPhone: 'A {digits}-digit code was sent to your phone number.',
  verifiedEmail: 'Your email address is verified.',
  verifiedPhone: 'Your phone number is verified.',
  notVerifying: 'This practice does not ask patients to verify their contact.',
  noTextCodes: 'This practice cannot send codes by text message. Please use your email address.',
  noTextCodesField: 'text messages are not offered',
  notSentEmail: 'We could not send the code to this email address. Please check it and try again.',
  notSentPhone: 'We could not send the code to this phone number. Please check it and try again.',
  notSentNow: 'We could not send the code just now. Please try again in a moment.',
  noValidCode: 'There is no valid code for this contact. Please request a new code.',
  codeExpired: 'This code has expired. Please request a new code.',
  tooManyWrong: 'Too many wrong codes. Please request a new code.',
  wrongCode: 'That code is not correct. You have {tries} {tries, plural, one {try} other {tries}} left.',
  justSent: 'A code was just sent. Please wait {wait} before asking for a new one.',
  tooManySends: 'Too many codes were requested for this contact. Please try again in {wait}.',
  waitSeconds: '{count, plural, one {# second} other {# seconds}}',
  waitMinutes: '{count, plural, one {# minute} other {# minutes}}',
  waitHours: '{count, plural, one {# hour} other {# hours}}',
  verifyFirst: 'Please verify your email address or phone number before booking.',
  verificationInvalid: 'Your verification has expired or is not valid here. Please verify your contact again.',
  verificationMismatch:
    'The verified contact does not match the email address or phone number of this booking. Please verify it again.',
  verificationUsed:
    'This verification was already used for a booking. Please verify your email address or phone number again.',
};

export const es: Translation<typeof en> = {
  codeSubject: 'Su código de verificación de {practice}',
  codeText: 'Su código de verificación de {practice} es {code}. Vence en {minutes} minutos.',
  codeSentEmail: 'Enviamos un código de {digits} dígitos a su correo electrónico.',
  codeSentPhone: 'Enviamos un código de {digits} dígitos a su teléfono celular.',
  verifiedEmail: 'Su correo electrónico está verificado.',
  verifiedPhone: 'Su teléfono celular está verificado.',
  notVerifying: 'Este consultorio no pide a los pacientes verificar su contacto.',
  noTextCodes: 'Este consultorio no puede enviar códigos por mensaje de texto. Use su correo electrónico.',
  noTextCodesField: 'no se ofrecen mensajes de texto',
  notSentEmail: 'No pudimos enviar el código a este correo electrónico. Revíselo y vuelva a intentarlo.',
  notSentPhone: 'No pudimos enviar el código a este teléfono celular. Revíselo y vuelva a intentarlo.',
  notSentNow: 'No pudimos enviar el código en este momento. Vuelva a intentarlo en un momento.',
  noValidCode: 'No hay un código válido para este contacto. Solicite un código nuevo.',
  codeExpired: 'Este código venció. Solicite un código nuevo.',
  tooManyWrong: 'Demasiados códigos incorrectos. Solicite un código nuevo.',
  wrongCode: 'Ese código no es correcto. {tries, plural, one {Le queda # intento} other {Le quedan # intentos}}.',
  justSent: 'Acabamos de enviar un código. Espere {wait} antes de pedir uno nuevo.',
  tooManySends: 'Se pidieron demasiados códigos para este contacto. Vuelva a intentarlo en {wait}.',
  waitSeconds: '{count, plural, one {# segundo} other {# segundos}}',
  waitMinutes: '{count, plural, one {# minuto} other {# minutos}}',
  waitHours: '{count, plural, one {# hora} other {# horas}}',
  verifyFirst: 'Verifique su correo electrónico o teléfono celular antes de reservar.',
  verificationInvalid: 'Su verificación venció o no es válida aquí. Verifique su contacto de nuevo.',
  verificationMismatch:
    'El contacto verificado no coincide con el correo electrónico o el teléfono celular de esta reserva. ' +
    'Verifíquelo de nuevo.',
  verificationUsed:
    'Esta verificación ya se usó para una reserva. Verifique su correo electrónico o teléfono celular de nuevo.',
};
