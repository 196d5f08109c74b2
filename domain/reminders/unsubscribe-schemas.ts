import { z } from 'zod';

/**
 * The unsubscribe link of a reminder e-mail (ADR 0037), one schema per payload for both sides:
 * `GET /api/v1/unsubscribe/{token}` says whose reminders they are and whether they are stopped;
 * `POST` the same path stops them (the page's button, and RFC 8058's one-click POST that mail
 * providers send with `List-Unsubscribe=One-Click`). A GET never changes anything: mail
 * scanners open links by themselves.
 */
export const UnsubscribeViewSchema = z.object({
  practice: z.object({ name: z.string(), form_url: z.string() }),
  /** The address, partly hidden (a•••@example.com): enough to recognise, little to a stranger. */
  email: z.string(),
  is_unsubscribed: z.boolean(),
});
export type UnsubscribeView = z.infer<typeof UnsubscribeViewSchema>;

export const unsubscribePagePath = (token: string) => `/unsubscribe/${token}`;
export const unsubscribeApiPath = (token: string) => `/api/v1/unsubscribe/${token}`;

/** "ana@example.com" -> "a•••@example.com". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}
