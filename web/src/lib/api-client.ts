import { safeParse, type $ZodType, type output } from 'zod/v4/core';
import { ErrorEnvelopeSchema, FieldErrorsSchema, successEnvelopeSchema } from '#domain/api/envelope-schemas.ts';
import { ApiError } from './api-error.ts';
import { isRecord } from './json-values.ts';
import * as messages from './api-client.messages.ts';
import { currentLanguage } from './i18n/language-state.ts';
import { translate } from './i18n/use-messages.ts';

export { ApiError };

export const API_BASE = '/api/v1';

/**
 * Spec section 8: the fallback when a failed call brings no usable body ('Unknown error'), in the
 * patient's language. Test with `isUnknownApiError`, not by comparing texts.
 */
export function unknownErrorMessage(): string {
  return translate(messages, 'unknownError');
}

/** An ApiError that carries no message of the server's, only the fallback. */
export function isUnknownApiError(error: unknown): boolean {
  return error instanceof ApiError && error.isUnknown;
}

/** An ApiError without a usable message: the fallback text, flagged as such. */
export function unknownApiError(status: number, code: string): ApiError {
  return new ApiError(status, code, unknownErrorMessage(), undefined, true);
}

/**
 * The headers every API call sends: JSON, and the patient's chosen language, explicitly, so the
 * server answers errors and practice texts in it rather than in the browser's default (ADR 0034).
 */
export function apiHeaders(extra?: Record<string, string>): Record<string, string> {
  return { Accept: 'application/json', 'Accept-Language': currentLanguage(), ...extra };
}

type QueryValue = string | number | boolean | null | undefined;

export interface ApiRequest<T extends $ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under the API base, starting with `/`. */
  path: string;
  /** Schema of the envelope's `result`; every response is parsed with it. */
  result: T;
  query?: Record<string, QueryValue>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  result: T;
  message: string | undefined;
}

/**
 * The one way the browser calls the API (patient pages and the console alike): JSON, cookies
 * included, responses checked against the domain schemas.
 */
export async function apiRequest<T extends $ZodType>(request: ApiRequest<T>): Promise<ApiResponse<output<T>>> {
  // Any zod schema will do, classic or zod/mini (the first page's schemas are mini, to keep its script small).
  const schema = successEnvelopeSchema(request.result as unknown as Parameters<typeof successEnvelopeSchema>[0]);
  // zod cannot resolve the envelope's output type for a generic T; this is exactly its shape.
  const envelope = (await send(request, schema)) as { message?: string; result: output<T> };
  return { result: envelope.result, message: envelope.message };
}

/** `apiRequest` for the parsed `result` alone. */
export async function apiResult<T extends $ZodType>(request: ApiRequest<T>): Promise<output<T>> {
  return (await apiRequest(request)).result;
}

/** GET shortcut that returns only the parsed `result`. */
export async function apiGet<T extends $ZodType>(
  path: string,
  result: T,
  query?: Record<string, QueryValue>,
): Promise<output<T>> {
  return apiResult({ path, result, query });
}

/**
 * A GET whose whole body is checked against `schema`, for the one answer that carries fields
 * beside the envelope's `result` (the payment status's `apt_booked`, spec section 7).
 */
export async function apiGetBody<T extends $ZodType>(
  path: string,
  schema: T,
  query?: Record<string, QueryValue>,
  signal?: AbortSignal,
): Promise<output<T>> {
  return send({ path, query, signal }, schema);
}

type SendRequest = Omit<ApiRequest<$ZodType>, 'result'>;

/**
 * The request itself, its answer checked against `schema`: any failure becomes an ApiError (a
 * network failure, status 0), except an abort.
 */
async function send<S extends $ZodType>(request: SendRequest, schema: S): Promise<output<S>> {
  const headers = apiHeaders(request.headers);
  if (request.body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(apiUrl(request.path, request.query), {
      method: request.method ?? 'GET',
      credentials: 'include',
      headers,
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: request.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw unknownApiError(0, 'NETWORK_ERROR');
  }

  const body = await readJson(response);
  if (!response.ok) {
    const error = toApiError(response.status, body);
    const seconds = Number(response.headers.get('retry-after'));
    if (Number.isFinite(seconds) && seconds > 0) error.retryAfterSeconds = seconds;
    throw error;
  }
  const parsed = safeParse(schema, body);
  if (!parsed.success) throw unknownApiError(response.status, 'INVALID_RESPONSE');
  return parsed.data;
}

export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

/**
 * Spec section 8: the body is the error, or 'Unknown error' when there is none. The body is
 * normally our error envelope; a body that merely carries a message (a proxy's, say) still counts.
 */
export function toApiError(status: number, body: unknown): ApiError {
  const envelope = ErrorEnvelopeSchema.safeParse(body);
  if (envelope.success) {
    const error = new ApiError(status, envelope.data.code, envelope.data.message, envelope.data.fields);
    if (envelope.data.stranded) error.stranded = envelope.data.stranded;
    return error;
  }
  if (isRecord(body) && typeof body.message === 'string' && body.message.trim() !== '') {
    const code = typeof body.code === 'string' ? body.code : httpCode(status);
    const fields = FieldErrorsSchema.safeParse(body.fields);
    return new ApiError(status, code, body.message, fields.success ? fields.data : undefined);
  }
  return unknownApiError(status, httpCode(status));
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

const httpCode = (status: number) => `HTTP_${status}`;
