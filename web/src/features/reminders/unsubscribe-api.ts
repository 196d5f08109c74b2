import { queryOptions } from '@tanstack/react-query';
import type { Language } from '#domain/i18n/languages.ts';
import {
  unsubscribeApiPath,
  UnsubscribeViewSchema,
  type UnsubscribeView,
} from '#domain/reminders/unsubscribe-schemas.ts';
import { API_BASE, apiGet, apiRequest } from '../../lib/api-client.ts';

const path = (token: string) => unsubscribeApiPath(encodeURIComponent(token)).slice(API_BASE.length);

/** `GET unsubscribe/{token}`: whose reminders, and whether they are stopped; it changes nothing. */
export function unsubscribeQuery(token: string, language: Language) {
  return queryOptions({
    queryKey: ['unsubscribe', token, language] as const,
    queryFn: () => apiGet(path(token), UnsubscribeViewSchema),
    staleTime: 0,
    retry: false,
  });
}

/** `POST unsubscribe/{token}`: the button's action; again is no error. */
export async function stopReminderEmails(token: string): Promise<UnsubscribeView> {
  return (await apiRequest({ method: 'POST', path: path(token), result: UnsubscribeViewSchema, body: {} })).result;
}
