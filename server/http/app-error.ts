import type { ErrorCode, FieldErrors, StrandedBooking } from '#domain/api/envelope-schemas.ts';
import type { Language } from '#domain/i18n/languages.ts';
import * as validation from '#domain/i18n/validation.messages.ts';
import { inEnglish, translator, type Localized } from '../i18n/translate.ts';

/**
 * What an error says: a `Localized` text from a catalogue (`t.localized('key')`) for a patient,
 * or a plain string (the staff/admin API, developers; a key of the shared validation catalogue is
 * translated too).
 */
export type ErrorText = string | Localized;
export type ErrorFields = Readonly<Record<string, ErrorText>>;

const validationText = translator(validation);

function render(text: ErrorText, language: Language): string {
  if (typeof text === 'function') return text(language);
  return validationText.has(text) ? validationText(language, text) : text;
}

/**
 * The one error type services throw; the error handler renders it as the error envelope in the
 * request's language (ADR 0034). `message` and `fields` stay the English, for logs and the CLI.
 */
export class AppError extends Error {
  readonly fields?: FieldErrors;
  /** The bookings a refused settings change would strand (STRANDS_BOOKINGS, ADR 0079). */
  stranded?: StrandedBooking[];

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly text: ErrorText,
    readonly localizedFields?: ErrorFields,
  ) {
    super(typeof text === 'string' ? text : inEnglish(text));
    if (localizedFields) this.fields = this.fieldsIn('en');
  }

  messageIn(language: Language): string {
    return render(this.text, language);
  }

  fieldsIn(language: Language): FieldErrors | undefined {
    if (!this.localizedFields) return undefined;
    return Object.fromEntries(
      Object.entries(this.localizedFields).map(([name, text]) => [name, render(text, language)]),
    );
  }

  static badRequest(message: ErrorText, fields?: ErrorFields) {
    return new AppError(400, 'BAD_REQUEST', message, fields);
  }
  static notFound(message: ErrorText) {
    return new AppError(404, 'NOT_FOUND', message);
  }
  static validation(message: ErrorText, fields: ErrorFields) {
    return new AppError(422, 'VALIDATION_FAILED', message, fields);
  }
  static unavailable(message: ErrorText) {
    return new AppError(503, 'SERVICE_UNAVAILABLE', message);
  }
}
