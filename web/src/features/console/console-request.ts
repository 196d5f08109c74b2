import { ApiError } from '../../lib/api-client.ts';

/**
 * The console calls the API through the app's one client (lib/api-client.ts, ADR 0031), which
 * keeps a 429's Retry-After. What stays here is the console's own: its two headers and its
 * reading of errors (kept out of the client, whose code is part of the booking page's script).
 */

/** The session's CSRF token: the server requires it on every change (ADR 0038). */
export const csrfHeader = (csrfToken: string) => ({ 'X-CSRF-Token': csrfToken });

/** A refresh of what is on the screen: neither activity for the idle timeout nor an audit row (ADR 0038). */
export const pollHeader = (isPoll: boolean): Record<string, string> => (isPoll ? { 'X-Console-Poll': '1' } : {});

/** A failed staff call: the app's ApiError, under the name the console's pages know it by. */
export { ApiError as StaffApiError };

/** A 401 of a staff call: the session has ended (idle timeout, signed out elsewhere, deactivated). */
export const isSignedOutError = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
