import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { errorMessage, redactContacts, type DeliveryResult } from '../mail/delivery-result.ts';
import type { SmsAdapter } from './sms-adapter.ts';

export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  /** The default sender (TWILIO_FROM): a number (E.164) or a Messaging Service SID (MG…). */
  from: string;
  /** Where Twilio reports each message's status (PUBLIC_URL + /api/v1/sms/status); absent: no reports. */
  statusCallbackUrl?: string;
  /** Replaces https://api.twilio.com, for a local stand-in in tests. */
  apiBaseUrl?: string;
  timeoutMs?: number;
}

const TWILIO_API_ORIGIN = 'https://api.twilio.com';
// Twilio's clock and ours may differ a little; Twilio's timestamps have whole seconds.
const CLOCK_SKEW_MS = 60_000;

/**
 * Sends through Twilio's Messages API. Twilio offers no idempotency key for it, so a retry after
 * a lost response can send twice; retries are rare and a repeated text is the lesser harm.
 */
export function createTwilioSmsAdapter(options: TwilioSmsOptions): SmsAdapter {
  const timeout = options.timeoutMs ?? 20_000;
  const client = twilio(options.accountSid, options.authToken, {
    timeout,
    ...(options.apiBaseUrl ? { httpClient: rebasedRequestClient(options.apiBaseUrl, timeout) } : {}),
  });
  const senderOf = (from: string) => (from.startsWith('MG') ? { messagingServiceSid: from } : { from });

  return {
    async send(message): Promise<DeliveryResult> {
      try {
        const sent = await client.messages.create({
          to: message.to,
          body: message.text,
          ...senderOf(message.from ?? options.from),
          ...(options.statusCallbackUrl ? { statusCallback: options.statusCallbackUrl } : {}),
        });
        return { ok: true, id: sent.sid };
      } catch (error) {
        return twilioFailure(error);
      }
    },
    // Newest first: the few latest messages to this number, matched on sender, text and time.
    async findSent(message, since) {
      const sender = message.from ?? options.from;
      const recent = await client.messages.list({ to: message.to, limit: 20 });
      const earliest = since.getTime() - CLOCK_SKEW_MS;
      const match = recent.find(
        (sent) =>
          sent.body === message.text &&
          sent.dateCreated.getTime() >= earliest &&
          (sent.from === sender || sent.messagingServiceSid === sender),
      );
      return match?.sid ?? null;
    },
  };
}

/** 4xx means the request itself is wrong (bad number, unsubscribed) except for rate limits. */
function twilioFailure(error: unknown): DeliveryResult {
  const { status, code } = error as { status?: unknown; code?: unknown };
  const message = redactContacts(errorMessage(error));
  if (typeof status !== 'number') return { ok: false, error: `Twilio: ${message}`, retryable: true };
  const retryable = status >= 500 || status === 429 || status === 408;
  return {
    ok: false,
    error: `Twilio ${status}${typeof code === 'number' ? ` (error ${code})` : ''}: ${message}`,
    retryable,
    ...(typeof code === 'number' ? { code: String(code) } : {}),
  };
}

/**
 * The Twilio client only lets edge and region change the host within twilio.com; a request
 * client that swaps the origin keeps everything else (form encoding, auth) as in production.
 */
function rebasedRequestClient(apiBaseUrl: string, timeout: number): RequestClient {
  const base = apiBaseUrl.replace(/\/$/, '');
  class RebasedRequestClient extends twilio.RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>) {
      const uri = opts.uri.startsWith(TWILIO_API_ORIGIN) ? base + opts.uri.slice(TWILIO_API_ORIGIN.length) : opts.uri;
      return super.request<TData>({ ...opts, uri });
    }
  }
  return new RebasedRequestClient({ timeout });
}
