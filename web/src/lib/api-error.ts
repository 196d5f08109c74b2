import type { FieldErrors, StrandedBooking } from '#domain/api/envelope-schemas.ts';

/**
 * Every failed call, whatever went wrong: the HTTP status (0 when there was no response), a code
 * and a message. Apart from the API client, so that the query client's retry rule can tell errors
 * apart without bringing the client's schemas into the first step's script (ADR 0077).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    /** True when no usable message came back and `message` is the 'Unknown error' fallback. */
    readonly isUnknown = false,
  ) {
    super(message);
  }

  /** The wait a 429 asks for (Retry-After, in seconds), or null. */
  retryAfterSeconds: number | null = null;

  /** The bookings a settings save would leave outside the new times (409 STRANDS_BOOKINGS, ADR 0079). */
  stranded: StrandedBooking[] = [];
}
