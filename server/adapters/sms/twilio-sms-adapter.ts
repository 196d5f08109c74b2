import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient';
import { errorMessage, redactContacts, type DeliveryResult } from '../mail/delivery-result.ts';
import type { SmsAdapter } from './sms-adapter.ts';

export interface TwilioSmsOptions {
  accountSid: string;
  authToken: string;
  /** The default sender (TWILIO_FROM): a number (E.164) or a Messaging Service SID (MG…). */
  from: string;
  /** Replaces https://api.twilio.com, for a local stand-in in tests. */
  apiBaseUrl?: string;
  timeoutMs?: number;
}

const TWILIO_API_ORIGIN = 'https://api.twilio.com';

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
        const sent = await client.messages.create({ to: message.to, body: message.text, ...senderOf(message.from ?? options.from) });
        return { ok: true, id: sent.sid };
      } catch (error) {
        return twilioFailure(error);
      }
    },
  };
}

/** 4xx means the request itself is wrong (bad number, unsubscribed) except for rate limits. */
function twilioFailure(error: unknown): DeliveryResult {
  const { status, code } = error as { status?: unknown; code?: unknown };
  const message = redactContacts(errorMessage(error));
  if (typeof status !== 'number') return { ok: false, error: `Twilio: ${message}`, retryable: true };
  const retryable = status >= 500 || status === 429 || status === 408;
  return { ok: false, error: `Twilio ${status}${typeof code === 'number' ? ` (error ${code})` : ''}: ${message}`, retryable };
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
