import type { $ZodError } from 'zod/v4/core';
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
export function fieldTexts(error: $ZodError, input?: unknown): ErrorFields {
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
export function fieldErrors(error: $ZodError, input?: unknown): Record<string, string> {
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

/** A query that does not match its schema: a 400 that names each bad parameter. */
export function queryError(error: $ZodError, query: unknown): AppError {
  const fields = fieldTexts(error, query);
  const message: Localized = (language) => {
    const described = Object.entries(rendered(fields, language)).map(([name, problem]) => `${name}: ${problem}`);
    return t(language, 'invalidQuery', { problems: described.join('; ') });
  };
  return AppError.badRequest(message, fields);
}

/** A JSON body that does not match its schema: a 422 that lists every bad field. */
export function bodyError(error: $ZodError, body: unknown): AppError {
  const fields = fieldTexts(error, body);
  const message: Localized = (language) =>
    t(language, 'pleaseCorrect', { problems: Object.values(rendered(fields, language)).join('; ') });
  return AppError.validation(message, fields);
}

/** Parses a query string where the schema needs the request's context; routes declare the rest. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.infer<S> {
  const parsed = schema.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  throw queryError(parsed.error, query);
}

/** Parses a JSON body where the schema needs the request's context (the practice, today). */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  throw bodyError(parsed.error, body);
}

export function ok<T>(result: T, message?: string) {
  return message === undefined ? { success: true as const, result } : { success: true as const, message, result };
}
