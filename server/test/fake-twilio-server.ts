import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentText {
  to: string;
  /** The number it was sent from, or null when it went through a Messaging Service. */
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

/**
 * A local stand-in for Twilio's Messages endpoint: takes every text and records its form, with a
 * unique SID as Twilio gives; lists the texts sent to a number, newest first, as Twilio's
 * `GET …/Messages.json?To=` does (a retry after a crash asks it what already went out).
 */
export async function startFakeTwilio() {
  const texts: SentText[] = [];
  const stored: { sid: string; text: SentText; createdAt: Date }[] = [];
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'GET' && url.pathname.endsWith('/Messages.json')) {
      const to = url.searchParams.get('To');
      const messages = stored
        .filter((m) => m.text.to === to)
        .reverse()
        .map((m) => ({
          sid: m.sid,
          to: m.text.to,
          from: m.text.from,
          messaging_service_sid: m.text.messagingServiceSid,
          body: m.text.body,
          status: 'sent',
          date_created: m.createdAt.toUTCString(),
        }));
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ messages, next_page_uri: null, page: 0, page_size: 50 }));
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const text = {
        to: form.get('To') ?? '',
        from: form.get('From'),
        messagingServiceSid: form.get('MessagingServiceSid'),
        body: form.get('Body') ?? '',
      };
      texts.push(text);
      const sid = `SM${randomBytes(16).toString('hex')}`;
      stored.push({ sid, text, createdAt: new Date() });
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    texts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
