import { createServer, type IncomingMessage, type Server } from 'node:http';

/**
 * A local stand-in for the Stripe endpoints the adapter calls (create, retrieve and expire a
 * Checkout Session, create a refund), written from Stripe's API reference. The real `stripe`
 * package talks to it through its host/port/protocol options.
 */
export interface FakeStripe {
  port: number;
  requests: {
    method: string;
    path: string;
    form: URLSearchParams;
    authorization: string | undefined;
    idempotencyKey: string | undefined;
  }[];
  sessions: Map<string, Record<string, unknown>>;
  refunds: string[];
  failNext: number;
  close(): Promise<void>;
}

const read = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => resolve(body));
  });

export async function startFakeStripe(): Promise<FakeStripe> {
  const fake: FakeStripe = {
    port: 0,
    requests: [],
    sessions: new Map(),
    refunds: [],
    failNext: 0,
    close: async () => undefined,
  };
  let counter = 0;
  const server: Server = createServer(async (request, response) => {
    const form = new URLSearchParams(await read(request));
    const path = (request.url ?? '').split('?')[0]!;
    fake.requests.push({
      method: request.method ?? '',
      path,
      form,
      authorization: request.headers.authorization,
      idempotencyKey: request.headers['idempotency-key'] as string | undefined,
    });
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${counter}` });
      response.end(JSON.stringify(body));
    };
    if (fake.failNext > 0) {
      fake.failNext--;
      return send(500, { error: { type: 'api_error', message: 'Stripe is down' } });
    }
    if (request.method === 'POST' && path === '/v1/checkout/sessions') {
      const id = `cs_test_${++counter}`;
      const session = {
        id,
        object: 'checkout.session',
        url: `https://checkout.stripe.com/c/pay/${id}`,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
        payment_intent: null,
        client_reference_id: form.get('client_reference_id'),
        metadata: { appointment_id: form.get('metadata[appointment_id]') },
      };
      fake.sessions.set(id, session);
      return send(200, session);
    }
    const match = /^\/v1\/checkout\/sessions\/([\w]+)$/.exec(path);
    if (request.method === 'GET' && match) {
      const session = fake.sessions.get(match[1]!);
      return session
        ? send(200, session)
        : send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
    }
    const expire = /^\/v1\/checkout\/sessions\/([\w]+)\/expire$/.exec(path);
    if (request.method === 'POST' && expire) {
      const session = fake.sessions.get(expire[1]!);
      if (!session) return send(404, { error: { type: 'invalid_request_error', message: 'No such checkout.session' } });
      if (session.status !== 'open')
        return send(400, {
          error: {
            type: 'invalid_request_error',
            message: 'Only Checkout Sessions with a status in ["open"] can be expired.',
          },
        });
      const expired = { ...session, status: 'expired', url: null };
      fake.sessions.set(expire[1]!, expired);
      return send(200, expired);
    }
    if (request.method === 'POST' && path === '/v1/refunds') {
      fake.refunds.push(form.get('payment_intent') ?? '');
      return send(200, { id: `re_${++counter}`, object: 'refund', status: 'succeeded' });
    }
    return send(404, {
      error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${path})` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  fake.port = typeof address === 'object' && address ? address.port : 0;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}
