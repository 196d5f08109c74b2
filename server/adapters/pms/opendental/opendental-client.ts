import { z } from 'zod';
import { classifyOdAnswer, extractOdMessage, OpenDentalError } from './opendental-errors.ts';
import type { RequestQueue } from './opendental-request-queue.ts';

/** Every Open Dental list answers at most 100 rows; the next page is asked for with `Offset`. */
export const OD_PAGE_SIZE = 100;
/** Open Dental gives up after 60 s (504); we wait a little longer (research doc §6). */
export const OD_DEFAULT_TIMEOUT_MS = 65_000;
// A list longer than this is a sign that the server ignores Offset, not a real office.
const MAX_PAGES = 200;
// Without a Retry-After header, a 429 waits this long before the request is tried again.
const DEFAULT_RETRY_AFTER_MS = 5_000;
const MAX_429_RETRIES = 3;

export type OdParams = Record<string, string | number | undefined>;

/**
 * A caller's own deadline over a read, its wait in the office's queue included: when `signal`
 * aborts, the read fails as a timeout (ADR 0071). A request already sent runs on in the queue.
 */
export interface OdReadOptions {
  signal?: AbortSignal;
}

export interface OpenDentalClient {
  get<S extends z.ZodType>(path: string, params: OdParams, schema: S, options?: OdReadOptions): Promise<z.infer<S>>;
  /** Every page of a list, asked for one after the other with Offset = 100, 200, … */
  getAll<S extends z.ZodType>(
    path: string,
    params: OdParams,
    itemSchema: S,
    options?: OdReadOptions,
  ): Promise<z.infer<S>[]>;
  post<S extends z.ZodType>(path: string, body: object, schema: S): Promise<z.infer<S>>;
  /** An update (Appointments PUT, PUT Break): 200 with the object, or an empty body on some endpoints. */
  put<S extends z.ZodType>(path: string, body: object, schema: S): Promise<z.infer<S>>;
  /**
   * Marks the appointment "Confirmed" (PUT Confirm, Comm permission, research doc §2.6): Open
   * Dental's own confirmation status, by name, so the office's definition numbers need not be known.
   */
  confirmAppointment(aptNum: number): Promise<void>;
}

export interface OpenDentalClientOptions {
  /** e.g. https://api.opendental.com/api/v1 (no trailing slash needed). */
  baseUrl: string;
  developerKey: string;
  customerKey: string;
  /** Shared by every client of the process, keyed by customer key. */
  queue: RequestQueue;
  timeoutMs?: number;
  /** A 429 asking us to wait longer than this fails at once (as "cannot answer now"). */
  maxRetryAfterMs?: number;
  now?: () => number;
}

interface Answer {
  status: number;
  text: string;
  retryAfter: string | null;
}

/**
 * Talks to one office through Open Dental's API: the ODFHIR header, JSON both ways, the
 * office's throttle queue, Retry-After on 429, a client-side timeout, and identical GETs that
 * are asked while one is pending share that one call.
 */
export function createOpenDentalClient(options: OpenDentalClientOptions): OpenDentalClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? OD_DEFAULT_TIMEOUT_MS;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const now = options.now ?? Date.now;
  const headers = {
    authorization: `ODFHIR ${options.developerKey}/${options.customerKey}`,
    // Required on every request, GETs included (research doc §1.2).
    'content-type': 'application/json',
    accept: 'application/json',
  };
  const pendingGets = new Map<string, Promise<unknown>>();

  async function send(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    query: string,
    body: object | undefined,
    signal?: AbortSignal,
  ): Promise<unknown> {
    const label = `${method} ${path}`;
    const url = `${base}${path}${query ? `?${query}` : ''}`;
    const payload = body === undefined ? undefined : JSON.stringify(body);
    // A 429's Retry-After is recorded while the request still holds the office's turn, so that no other
    // request (of any process) starts in between (ADR 0071).
    const once = async () => {
      const answer = await fetchOnce({ method, headers, body: payload }, url, label, timeoutMs);
      const waitMs = answer.status === 429 ? (retryAfterMs(answer.retryAfter, now()) ?? DEFAULT_RETRY_AFTER_MS) : 0;
      if (waitMs > 0 && waitMs <= maxRetryAfterMs) options.queue.pauseUntil(options.customerKey, now() + waitMs);
      return { answer, waitMs };
    };
    for (let retry = 0; ; retry++) {
      const { answer, waitMs } = await options.queue.run(options.customerKey, once, signal).catch((error: unknown) => {
        if (signal?.aborted && error === signal.reason)
          throw new OpenDentalError('timeout', null, "no answer within the caller's deadline", label);
        throw error;
      });
      // The request was not processed, so asking again is safe, writes included.
      if (answer.status === 429 && retry < MAX_429_RETRIES && waitMs <= maxRetryAfterMs) continue;
      return readAnswer(answer, label);
    }
  }

  function get(path: string, params: OdParams, signal?: AbortSignal): Promise<unknown> {
    const query = toQuery(params);
    // A read with a deadline of its own does not share another's, whose wait it could not end.
    if (signal) return send('GET', path, query, undefined, signal);
    const key = `${path}?${query}`;
    const pending = pendingGets.get(key);
    if (pending) return pending;
    const request = send('GET', path, query, undefined).finally(() => pendingGets.delete(key));
    pendingGets.set(key, request);
    return request;
  }

  return {
    async get(path, params, schema, readOptions) {
      return parse(schema, await get(path, params, readOptions?.signal), `GET ${path}`);
    },
    async getAll(path, params, itemSchema, readOptions) {
      const rows: z.infer<typeof itemSchema>[] = [];
      for (let page = 0; page < MAX_PAGES; page++) {
        const offset = page * OD_PAGE_SIZE;
        const answer = parse(
          z.array(itemSchema),
          await get(path, { ...params, Offset: offset === 0 ? undefined : offset }, readOptions?.signal),
          `GET ${path}`,
        );
        rows.push(...answer);
        if (answer.length < OD_PAGE_SIZE) return rows;
      }
      throw new OpenDentalError('unexpected', 200, `more than ${MAX_PAGES} pages`, `GET ${path}`);
    },
    async post(path, body, schema) {
      return parse(schema, await send('POST', path, '', body), `POST ${path}`);
    },
    async put(path, body, schema) {
      return parse(schema, await send('PUT', path, '', body), `PUT ${path}`);
    },
    async confirmAppointment(aptNum) {
      // Whatever the answer's body (the documentation does not show one): a 2xx is the confirmation.
      await send('PUT', `/appointments/${aptNum}/Confirm`, '', { confirmVal: 'Confirmed' });
    },
  };
}

/** One request, its answer read whole; a timeout or a network failure as an OpenDentalError. */
async function fetchOnce(init: RequestInit, url: string, label: string, timeoutMs: number): Promise<Answer> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    return { status: response.status, text: await response.text(), retryAfter: response.headers.get('retry-after') };
  } catch (error) {
    const isTimeout = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
    if (isTimeout) throw new OpenDentalError('timeout', null, `no answer within ${timeoutMs} ms`, label);
    const cause =
      error instanceof Error ? ((error.cause as { code?: string } | undefined)?.code ?? error.message) : String(error);
    throw new OpenDentalError('network', null, cause, label);
  }
}

/** A 2xx answer's JSON (null when empty); anything else as an OpenDentalError of its kind. */
function readAnswer(answer: Answer, label: string): unknown {
  if (answer.status < 200 || answer.status > 299) {
    const message = extractOdMessage(answer.text);
    throw new OpenDentalError(classifyOdAnswer(answer.status, message), answer.status, message, label);
  }
  try {
    return answer.text.trim() === '' ? null : JSON.parse(answer.text);
  } catch {
    throw new OpenDentalError('unexpected', answer.status, 'the answer is not JSON', label);
  }
}

function parse<S extends z.ZodType>(schema: S, value: unknown, label: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const where = parsed.error.issues.slice(0, 3).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
  throw new OpenDentalError('unexpected', 200, `unexpected answer (${where.join('; ')})`, label);
}

/** Percent-encoded (`De%20Angelo`, not `De+Angelo`), unquoted, empty values left out. */
export function toQuery(params: OdParams): string {
  return Object.entries(params)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
}

/** Retry-After as delta-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (header === null || header.trim() === '') return null;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Math.ceil(Number(value) * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}
