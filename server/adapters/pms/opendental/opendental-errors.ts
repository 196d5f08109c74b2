import { PmsUnavailableError } from '../pms-adapter.ts';

/**
 * What went wrong with one Open Dental request (research doc §1.6–1.8). The first group means
 * "the office's system cannot answer now": availability says PMS_UNAVAILABLE, a write is retried.
 * The second group is a refusal of this request: retrying the same request cannot help.
 */
export type OdFailureKind =
  | 'connector_down' // 400 "The office's eConnector is not running…", two eConnectors, office offline
  | 'version' // 400: the office's Open Dental is too old for the method
  | 'auth' // 401: bad or disabled key, or a missing API permission
  | 'rate_limited' // 429 (undocumented) beyond what Retry-After lets us wait
  | 'timeout' // 504 from Open Dental, or our own client-side timeout
  | 'network' // no HTTP answer at all
  | 'server' // any other 5xx
  | 'not_found' // 404
  | 'gone' // 410: the method was withdrawn
  | 'invalid' // any other 400: Open Dental refused what we sent
  | 'unexpected'; // an answer we could not read (not JSON, or not the documented shape)

const UNAVAILABLE_KINDS: ReadonlySet<OdFailureKind> = new Set([
  'connector_down',
  'version',
  'auth',
  'rate_limited',
  'timeout',
  'network',
  'server',
]);

export class OpenDentalError extends Error {
  override name = 'OpenDentalError';
  constructor(
    readonly kind: OdFailureKind,
    /** The HTTP status, or null when no answer came. */
    readonly status: number | null,
    /** Open Dental's explanation (or ours, for network failures). */
    readonly detail: string,
    /** "GET /schedules": method and path only, never the query (it can hold a patient's name). */
    readonly request: string,
  ) {
    super(`Open Dental ${request}: ${status === null ? kind : `${status}`} ${detail}`.trim());
  }

  /** The office cannot answer now; asking again later may work. */
  get isUnavailable(): boolean {
    return UNAVAILABLE_KINDS.has(this.kind);
  }
}

/**
 * The explanation in an error body. Open Dental documents quoted strings (`"Patient not found"`);
 * a JSON object with a Message, or plain text, is read as well.
 */
export function extractOdMessage(bodyText: string): string {
  const text = bodyText.trim();
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'string') return parsed;
    if (parsed && typeof parsed === 'object') {
      const { Message, message } = parsed as { Message?: unknown; message?: unknown };
      if (typeof Message === 'string') return Message;
      if (typeof message === 'string') return message;
    }
  } catch {
    // not JSON: the raw text is the message
  }
  return text;
}

/**
 * Classifies an error answer. The eConnector text is the one public sources agree on; the
 * version text was never seen, so any 400 that mentions a version counts (research doc §1.8).
 */
export function classifyOdAnswer(status: number, message: string): OdFailureKind {
  const m = message.toLowerCase();
  if (status === 401) return 'auth';
  if (status === 429) return 'rate_limited';
  if (status === 504) return 'timeout';
  if (status === 410) return 'gone';
  if (status === 404) return 'not_found';
  if (status === 400) {
    if (m.includes('econnector')) return 'connector_down';
    if (/\bversion\b/.test(m)) return 'version';
    // The documented "network issues" 400: the office could not be reached through HQ.
    if (/timed? ?out|timeout|could not connect|unable to connect|connection/.test(m)) return 'connector_down';
    return 'invalid';
  }
  return status >= 500 ? 'server' : 'invalid';
}

/** The adapter-level answer for a failure that means "cannot answer now", else null. */
export function toPmsUnavailable(error: unknown): PmsUnavailableError | null {
  if (!(error instanceof OpenDentalError) || !error.isUnavailable) return null;
  if (error.kind === 'connector_down') return new PmsUnavailableError('connector_down', error.message);
  if (error.kind === 'version') return new PmsUnavailableError('version', error.message);
  return new PmsUnavailableError('unreachable', error.message);
}
