import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { registerCanonicalOrigin } from './canonical-origin.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

/** A server with the hook and a page for every path, trusting proxies as TRUST_PROXY says. */
async function serverWith(publicUrl: string, trustProxyEnv: string) {
  const { trustProxy } = loadConfig({ TRUST_PROXY: trustProxyEnv });
  app = Fastify({ trustProxy });
  registerCanonicalOrigin(app, { publicUrl, trustProxy });
  app.all('/*', async () => 'page');
  await app.ready();
  return app;
}

const PUBLIC_URL = 'https://book.example.com';

describe('pages opened at another address go to PUBLIC_URL first', () => {
  it('redirects a page on another host to the same path and query on PUBLIC_URL (301)', async () => {
    const server = await serverWith(PUBLIC_URL, 'false');
    const response = await server.inject({
      url: '/bright-smile/payment-success?session_id=cs_1&rfv=a%20b',
      headers: { host: 'www.book.example.com' },
    });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe(
      'https://book.example.com/bright-smile/payment-success?session_id=cs_1&rfv=a%20b',
    );
    const head = await server.inject({ method: 'HEAD', url: '/bright-smile', headers: { host: '127.0.0.1:8080' } });
    expect(head.statusCode).toBe(301);
  });

  it('leaves the canonical host alone, whatever default port or case it is written with', async () => {
    const server = await serverWith('http://localhost:8080', 'false');
    for (const host of ['localhost:8080', 'LOCALHOST:8080', 'localhost', 'localhost:80']) {
      expect((await server.inject({ url: '/bright-smile', headers: { host } })).statusCode, host).toBe(200);
    }
    expect((await server.inject({ url: '/bright-smile', headers: { host: 'localhost:3000' } })).headers.location).toBe(
      'http://localhost:8080/bright-smile',
    );
    expect((await server.inject({ url: '/bright-smile', headers: { host: '127.0.0.1:8080' } })).headers.location).toBe(
      'http://localhost:8080/bright-smile',
    );
  });

  it('never redirects the API, the dev tools, built files or anything but GET and HEAD', async () => {
    const server = await serverWith(PUBLIC_URL, 'false');
    const other = { host: 'other.example' };
    for (const url of ['/api/v1/health', '/api/v1/stripe/webhook', '/_dev/checkout/cs_1', '/assets/index-abc.js']) {
      expect((await server.inject({ url, headers: other })).statusCode, url).toBe(200);
    }
    expect((await server.inject({ method: 'POST', url: '/bright-smile', headers: other })).statusCode).toBe(200);
  });

  it('cannot be turned into an open redirect by the path', async () => {
    const server = await serverWith(PUBLIC_URL, 'false');
    const response = await server.inject({ url: '//evil.example/x', headers: { host: 'other.example' } });
    expect(new URL(response.headers.location as string).origin).toBe('https://book.example.com');
  });

  it('without TRUST_PROXY, ignores X-Forwarded-Host and -Proto: Host decides', async () => {
    const server = await serverWith(PUBLIC_URL, 'false');
    const forged = await server.inject({
      url: '/bright-smile',
      headers: { host: 'book.example.com', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    });
    expect(forged.statusCode).toBe(200);
    const elsewhere = await server.inject({
      url: '/bright-smile',
      headers: { host: 'evil.example', 'x-forwarded-host': 'book.example.com' },
    });
    expect(elsewhere.headers.location).toBe('https://book.example.com/bright-smile');
  });

  it('with TRUST_PROXY, believes the forwarded host and scheme of a trusted proxy only', async () => {
    const server = await serverWith(PUBLIC_URL, 'true');
    // app.inject comes from 127.0.0.1, a trusted (loopback) proxy.
    const proxied = { host: '127.0.0.1:8080', 'x-forwarded-proto': 'https' };
    expect(
      (await server.inject({ url: '/bright-smile', headers: { ...proxied, 'x-forwarded-host': 'book.example.com' } }))
        .statusCode,
    ).toBe(200);
    const www = await server.inject({
      url: '/bright-smile?rfv=1',
      headers: { ...proxied, 'x-forwarded-host': 'www.book.example.com' },
    });
    expect(www.headers.location).toBe('https://book.example.com/bright-smile?rfv=1');
    const plain = await server.inject({
      url: '/bright-smile',
      headers: { host: '127.0.0.1:8080', 'x-forwarded-host': 'book.example.com', 'x-forwarded-proto': 'http' },
    });
    expect(plain.headers.location).toBe('https://book.example.com/bright-smile');
    // A peer that is not a trusted proxy cannot choose the host it is judged by.
    const untrusted = await server.inject({
      url: '/bright-smile',
      remoteAddress: '203.0.113.9',
      headers: { host: 'evil.example', 'x-forwarded-host': 'book.example.com' },
    });
    expect(untrusted.headers.location).toBe('https://book.example.com/bright-smile');
  });
});
