import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Twilio's Messages endpoint, as far as the SMS adapter uses it: records each text and, while
 * `isDown`, answers 503 the way Twilio does when it cannot take messages (retryable).
 */
export async function startTwilioStandIn() {
  const state = { isDown: false, refused: 0, texts: [] as { to: string; body: string }[] };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const reply = (status: number, body: object) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (state.isDown) {
        state.refused++;
        return reply(503, { code: 20503, message: 'Service Unavailable', status: 503 });
      }
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      state.texts.push({ to: form.get('To') ?? '', body: form.get('Body') ?? '' });
      return reply(201, { sid: `SM${String(state.texts.length).padStart(32, '0')}`, status: 'queued' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    state,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
