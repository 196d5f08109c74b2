import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeTwilio } from '../../test/fake-twilio-server.ts';
import { createTwilioSmsAdapter } from './twilio-sms-adapter.ts';

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'test-auth-token-0123456789';

interface ReceivedRequest {
  method: string | undefined;
  path: string | undefined;
  authorization: string | undefined;
  form: URLSearchParams;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** Stands in for api.twilio.com's Messages endpoint on loopback. */
async function startTwilioStandIn(respond: (request: ReceivedRequest, response: ServerResponse) => void) {
  const received: ReceivedRequest[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const entry = {
        method: request.method,
        path: request.url,
        authorization: request.headers.authorization,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      };
      received.push(entry);
      respond(entry, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(() => resolve())));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

function json(response: ServerResponse, status: number, body: object) {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

const sms = { to: '+12125550100', text: 'Your code is 123456', idempotencyKey: 'otp:1' };

function adapterFor(baseUrl: string, from = '+12125550199') {
  return createTwilioSmsAdapter({
    accountSid: ACCOUNT_SID,
    authToken: AUTH_TOKEN,
    from,
    apiBaseUrl: baseUrl,
    timeoutMs: 5_000,
  });
}

describe('Twilio SMS adapter', () => {
  it('posts To, From and Body with basic auth to the Messages endpoint and returns the SID', async () => {
    const twilio = await startTwilioStandIn((_request, response) =>
      json(response, 201, { sid: 'SM0001', status: 'queued' }),
    );

    const result = await adapterFor(twilio.baseUrl).send(sms);

    expect(result).toEqual({ ok: true, id: 'SM0001' });
    const [request] = twilio.received;
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request?.authorization).toBe(`Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`);
    expect(Object.fromEntries(request!.form)).toEqual({
      To: '+12125550100',
      From: '+12125550199',
      Body: 'Your code is 123456',
    });
  });

  it('sends through a Messaging Service when the sender is one', async () => {
    const twilio = await startTwilioStandIn((_request, response) => json(response, 201, { sid: 'SM0002' }));
    const service = `MG${'f'.repeat(32)}`;
    await adapterFor(twilio.baseUrl, service).send(sms);
    expect(Object.fromEntries(twilio.received[0]!.form)).toEqual({
      To: '+12125550100',
      MessagingServiceSid: service,
      Body: 'Your code is 123456',
    });
  });

  it("sends from the message's own sender when it has one: a number, or a Messaging Service", async () => {
    const twilio = await startTwilioStandIn((_request, response) => json(response, 201, { sid: 'SM0003' }));
    const service = `MG${'a'.repeat(32)}`;
    await adapterFor(twilio.baseUrl).send({ ...sms, from: '+12125550177' });
    await adapterFor(twilio.baseUrl).send({ ...sms, from: service });
    expect(twilio.received.map((request) => Object.fromEntries(request.form))).toEqual([
      { To: '+12125550100', From: '+12125550177', Body: 'Your code is 123456' },
      { To: '+12125550100', MessagingServiceSid: service, Body: 'Your code is 123456' },
    ]);
  });

  it('reports a 4xx as final, without the number in the error', async () => {
    const twilio = await startTwilioStandIn((_request, response) =>
      json(response, 400, {
        code: 21211,
        message: "The 'To' number +12125550100 is not a valid phone number.",
        status: 400,
      }),
    );
    const result = await adapterFor(twilio.baseUrl).send(sms);
    expect(result).toEqual({
      ok: false,
      retryable: false,
      code: '21211',
      error: "Twilio 400 (error 21211): The 'To' number [number] is not a valid phone number.",
    });
  });

  it('reports a 5xx and a rate limit as retryable', async () => {
    let status = 503;
    const twilio = await startTwilioStandIn((_request, response) =>
      json(response, status, { code: 20500, message: 'Service unavailable', status }),
    );
    expect(await adapterFor(twilio.baseUrl).send(sms)).toMatchObject({
      ok: false,
      retryable: true,
      error: expect.stringContaining('Twilio 503'),
    });
    status = 429;
    expect(await adapterFor(twilio.baseUrl).send(sms)).toMatchObject({
      ok: false,
      retryable: true,
      error: expect.stringContaining('Twilio 429'),
    });
  });

  it('reports an unreachable API as retryable', async () => {
    const twilio = await startTwilioStandIn(() => undefined);
    await closers.pop()!();
    expect(await adapterFor(twilio.baseUrl).send(sms)).toMatchObject({ ok: false, retryable: true });
  });
});

describe('Twilio SMS adapter: a hand-off in doubt', () => {
  it('finds a text Twilio already took since then, by recipient, sender and text, and nothing else', async () => {
    const fake = await startFakeTwilio();
    closers.push(fake.close);
    const adapter = adapterFor(fake.url);
    const since = new Date(Date.now() - 1_000);
    const sent = await adapter.send(sms);
    expect(sent.ok).toBe(true);
    expect(await adapter.findSent!(sms, since)).toBe(sent.ok ? sent.id : null);
    expect(await adapter.findSent!({ ...sms, text: 'Another text' }, since)).toBeNull();
    expect(await adapter.findSent!({ ...sms, from: '+12125550177' }, since)).toBeNull();
    expect(await adapter.findSent!({ ...sms, to: '+12125550101' }, since)).toBeNull();
    // Long after it: a text sent before the hand-off started is another message.
    expect(await adapter.findSent!(sms, new Date(Date.now() + 5 * 60_000))).toBeNull();
  });
});
