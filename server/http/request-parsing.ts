import type { z } from 'zod';
import { AppError } from './app-error.ts';

/** Field name → first message, the `fields` of the error envelope. */
export function fieldErrors(error: z.ZodError, input?: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    // A field that is simply absent reads "x is required", whatever its format rule says.
    const isMissing = issue.code === 'invalid_type' && isAbsent(input, issue.path);
    fields[key] ??= isMissing ? `${key} is required` : issue.message;
  }
  return fields;
}

function isAbsent(input: unknown, path: readonly PropertyKey[]): boolean {
  let value = input;
  for (const segment of path) {
    if (value === null || typeof value !== 'object') return true;
    value = (value as Record<PropertyKey, unknown>)[segment];
  }
  return value === undefined || value === null;
}

/** Parses a query string; a missing or malformed parameter is a 400 that names it. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.infer<S> {
  const parsed = schema.safeParse(query ?? {});
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error, query);
  const described = Object.entries(fields).map(([name, message]) => `${name}: ${message}`);
  throw AppError.badRequest(`Invalid query parameter ${described.join('; ')}`, fields);
}

/** Parses a JSON body; every bad field is listed in a 422. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.infer<S> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const fields = fieldErrors(parsed.error, body);
  throw AppError.validation(`Please correct: ${Object.values(fields).join('; ')}`, fields);
}

export function ok<T>(result: T, message?: string) {
  return message === undefined ? { success: true as const, result } : { success: true as const, message, result };
}
