import type { z } from 'zod';
import type { Language } from '#domain/i18n/languages.ts';
import { translator, type Localized } from '../i18n/translate.ts';
import { AppError, type ErrorFields } from './app-error.ts';
import * as messages from './http.messages.ts';

const t = translator(messages);

/**
 * Field name → first message, the `fields` of the error envelope. A zod message that is a key of
 * the shared validation catalogue is rendered in the request's language by the error handler;
 * any other message passes through as it is.
 */
export function fieldTexts(error: z.ZodError, input?: unknown): ErrorFields {
  const fields: Record<string, string | Localized> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    // A field that is simply absent reads "x is required", whatever its format rule says.
    const isMissing = issue.code === 'invalid_type' && isAbsent(input, issue.path);
    fields[key] ??= isMissing ? t.localized('fieldRequired', { field: key }) : issue.message;
  }
  return fields;
}

/** The same, in English (for operator-facing routes that build their own error). */
export function fieldErrors(error: z.ZodError, input?: unknown): Record<string, string> {
  return rendered(fieldTexts(error, input), 'en');
}

function isAbsent(input: unknown, path: readonly PropertyKey[]): boolean {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return true;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value === undefined || value === null;
}

/** The fields' texts in one language, through the same rendering as the error handler's. */
function rendered(fields: ErrorFields, language: Language): Record<string, string> {
  return new AppError(400, 'BAD_REQUEST', '', fields).fieldsIn(language) ?? {};
}

/** Parses a query string; a missing or malformed parameter is a 400 that names it. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.infer<S> {
  const parsed = schema.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  const fields = fieldTexts(parsed.error, query);
  const message: Localized = (language) => {
    const described = Object.entries(rendered(fields, language)).map(([name, problem]) => `${name}: ${problem}`);
    return t(language, 'invalidQuery', { problems: described.join('; ') });
  };
  throw AppError.badRequest(message, fields);
}

/** Parses a JSON body; every bad field is listed in a 422. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields = fieldTexts(parsed.error, body);
  const message: Localized = (language) =>
    t(language, 'pleaseCorrect', { problems: Object.values(rendered(fields, language)).join('; ') });
  throw AppError.validation(message, fields);
}

export function ok<T>(result: T, message?: string) {
  return message === undefined ? { success: true as const, result } : { success: true as const, message, result };
}
