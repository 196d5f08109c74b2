import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentText {
  to: string;
  /** The number it was sent from, or null when it went through a Messaging Service. */
  from: string | null;
  messagingServiceSid: string | null;
  body: string;
}

/** A local stand-in for Twilio's Messages endpoint: takes every text and records its form. */
export async function startFakeTwilio() {
  const texts: SentText[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      texts.push({ to: form.get('To') ?? '', from: form.get('From'), messagingServiceSid: form.get('MessagingServiceSid'), body: form.get('Body') ?? '' });
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${String(texts.length).padStart(32, '0')}`, status: 'queued' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    texts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
