import { afterEach, vi } from 'vitest';

/**
 * `fetch` replaced by a mock for the test file that calls this, its answers reset after each test
 * (after the file's own clean-up: vitest runs `afterEach` hooks last registered first).
 */
export function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  afterEach(() => {
    fetchMock.mockReset();
  });
  return fetchMock;
}

/** A JSON answer as the API sends it. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
