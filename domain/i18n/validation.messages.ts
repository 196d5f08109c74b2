import type { Translation } from './message-catalog.ts';

/**
 * Validation messages of the shared schemas (domain): a zod issue's `message` is a key of this
 * catalogue, which the web shows with `useMessages` and the server's error envelope translates
 * into the request's language (ADR 0034).
 */
export const en = {};

export const es: Translation<typeof en> = {};
