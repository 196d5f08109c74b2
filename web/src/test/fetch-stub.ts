import { afterEach, vi } from 'vitest';

/**
 * `fetch` replaced by a mock for the test file that calls this (answering with `answer` unless a test
 * says otherwise), reset after each test: after the file's own clean-up, since vitest runs
 * `afterEach` hooks last registered first.
 */
export function stubFetch(answer?: typeof fetch) {
  const fetchMock = vi.fn<typeof fetch>(answer);
  vi.stubGlobal('fetch', fetchMock);
  afterEach(() => {
    fetchMock.mockReset();
  });
  return fetchMock;
}

/** A JSON answer as the API sends it. */
export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
