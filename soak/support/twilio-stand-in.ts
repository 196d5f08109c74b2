import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Twilio's Messages endpoint, as far as the SMS adapter uses it: records each text and, while
 * `isDown`, answers 503 the way Twilio does when it cannot take messages (retryable). Lists the
 * texts sent to a number (`GET …/Messages.json?To=`), newest first, as a retry after a crash asks.
 */
export async function startTwilioStandIn() {
  const state = {
    isDown: false,
    refused: 0,
    lookups: 0,
    texts: [] as { to: string; body: string; from: string | null; sid: string; createdAt: Date }[],
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'GET' && url.pathname.endsWith('/Messages.json')) {
      state.lookups++;
      const to = url.searchParams.get('To');
      const messages = state.texts
        .filter((text) => text.to === to)
        .reverse()
        .map((text) => ({
          sid: text.sid,
          to: text.to,
          from: text.from,
          body: text.body,
          status: 'sent',
          date_created: text.createdAt.toUTCString(),
        }));
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ messages, next_page_uri: null, page: 0, page_size: 50 }));
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, body: object) =>
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (state.isDown) {
        state.refused++;
        return reply(503, { code: 20503, message: 'Service Unavailable', status: 503 });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const sid = `SM${String(state.texts.length + 1).padStart(32, '0')}`;
      state.texts.push({
        to: form.get('To') ?? '',
        body: form.get('Body') ?? '',
        from: form.get('From'),
        sid,
        createdAt: new Date(),
      });
      return reply(201, { sid, status: 'queued' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
