import type { $ZodType, output } from 'zod/v4/core';
import { successEnvelopeSchema } from '#domain/api/envelope-schemas.ts';
import { ApiError, apiHeaders, apiUrl, toApiError, unknownApiError } from '../../lib/api-client.ts';

type QueryValue = string | number | undefined;

export interface StaffRequest<T extends $ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under `/api/v1`, starting with `/staff`. */
  path: string;
  result: T;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** The session's CSRF token: required by the server on every change. */
  csrfToken?: string;
  /** A refresh of what is on the screen: it neither counts as activity for the idle timeout nor writes an audit row. */
  isPoll?: boolean;
  signal?: AbortSignal;
}

/** An ApiError of the staff API, with the wait a 429 asks for (Retry-After, in seconds). */
export class StaffApiError extends ApiError {
  constructor(
    error: ApiError,
    readonly retryAfterSeconds: number | null,
  ) {
    super(error.status, error.code, error.message, error.fields, error.isUnknown);
  }
}

export const isSignedOutError = (error: unknown): boolean => error instanceof ApiError && error.status === 401;

/**
 * The console's one way to the staff API: the app's client (lib/api-client.ts) does not send
 * the CSRF header or the poll marker and hides Retry-After, so this is its staff twin built from
 * the same parts (URL, headers, error envelope). Cookies go only to our own origin.
 */
export async function staffRequest<T extends $ZodType>(
  request: StaffRequest<T>,
): Promise<{ result: output<T>; message: string | undefined }> {
  const method = request.method ?? 'GET';
  const headers = apiHeaders();
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && request.csrfToken) headers['X-CSRF-Token'] = request.csrfToken;
  if (request.isPoll) headers['X-Console-Poll'] = '1';

  let response: Response;
  try {
    response = await fetch(apiUrl(request.path, request.query), {
      method,
      credentials: 'same-origin',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new StaffApiError(unknownApiError(0, 'NETWORK_ERROR'), null);
  }

  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new StaffApiError(toApiError(response.status, body), retryAfter(response));
  const parsed = successEnvelopeSchema(
    request.result as unknown as Parameters<typeof successEnvelopeSchema>[0],
  ).safeParse(body);
  if (!parsed.success) throw new StaffApiError(unknownApiError(response.status, 'INVALID_RESPONSE'), null);
  // zod cannot resolve the envelope's output type for a generic T; this is exactly its shape.
  const envelope = parsed.data as { message?: string; result: output<T> };
  return { result: envelope.result, message: envelope.message };
}

function retryAfter(response: Response): number | null {
  const seconds = Number(response.headers.get('retry-after'));
  return response.headers.has('retry-after') && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}
