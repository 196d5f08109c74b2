import { ApiError } from '../../lib/api-client.ts';

/**
 * The console calls the API through the app's one client (lib/api-client.ts, ADR 0031), which
 * sends the CSRF header and the poll marker when asked and keeps a 429's Retry-After. What stays
 * here is the console's reading of its errors.
 */

/** A failed staff call: the app's ApiError, under the name the console's pages know it by. */
export { ApiError as StaffApiError };

/** A 401 of a staff call: the session has ended (idle timeout, signed out elsewhere, deactivated). */
export const isSignedOutError = (error: unknown): boolean => error instanceof ApiError && error.status === 401;
