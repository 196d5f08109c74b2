import { Agent, request } from 'node:http';

/** One answer, or the network error that stood in for it, with how long it took. */
export interface HttpOutcome {
  status: number | null;
  body: unknown;
  error: string | null;
  startedAt: number;
  ms: number;
}

/**
 * JSON over keep-alive HTTP, one socket per connection like a load generator's. node:http
 * rather than fetch: the generator shares two cores with the server, so the cheaper client
 * leaves more of them to what is measured.
 */
export function createHttpClient(options: { connections: number; timeoutMs?: number }) {
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const timeoutMs = options.timeoutMs ?? 30_000;

  function send(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<HttpOutcome> {
    const startedAt = Date.now();
    const started = performance.now();
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve) => {
      const done = (status: number | null, parsed: unknown, error: string | null) =>
        resolve({ status, body: parsed, error, startedAt, ms: performance.now() - started });
      const req = request(
        url,
        {
          method,
          agent,
          timeout: timeoutMs,
          headers: {
            accept: 'application/json',
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            ...headers,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', (error) => done(null, null, error.message));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON: kept as text for the report
            }
            done(res.statusCode ?? null, parsed, null);
          });
        },
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
      req.on('error', (error: NodeJS.ErrnoException) => done(null, null, error.code ?? error.message));
      req.end(payload);
    });
  }

  return {
    get: (url: string, headers?: Record<string, string>) => send('GET', url, undefined, headers),
    post: (url: string, body: unknown, headers?: Record<string, string>) => send('POST', url, body, headers),
    close: () => agent.destroy(),
  };
}

export type HttpClient = ReturnType<typeof createHttpClient>;
