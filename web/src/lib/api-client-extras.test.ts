import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiGetBody, apiResult } from './api-client.ts';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const respond = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } }),
  );

describe("a 429's wait (the console's sign-in, ADR 0038)", () => {
  it("keeps a 429's Retry-After on the error, and null without one", async () => {
    respond(429, { success: false, code: 'RATE_LIMITED', message: 'Slow down' }, { 'retry-after': '30' });
    respond(401, { success: false, code: 'UNAUTHORIZED', message: 'Signed out' });
    const first = await apiResult({ method: 'POST', path: '/staff/session', result: z.null() }).catch((e) => e);
    const second = await apiResult({ path: '/staff/session', result: z.null() }).catch((e) => e);
    expect(first).toBeInstanceOf(ApiError);
    expect(first).toMatchObject({ status: 429, code: 'RATE_LIMITED', retryAfterSeconds: 30 });
    expect(second).toMatchObject({ status: 401, retryAfterSeconds: null });
  });
});

describe('apiGetBody', () => {
  const Schema = z.object({ apt_booked: z.boolean(), result: z.object({ n: z.number() }) });

  it('checks the whole body, fields beside the envelope included', async () => {
    respond(200, { success: true, apt_booked: true, result: { n: 2 } });
    await expect(apiGetBody('/stripe/s', Schema, { a: 'b' })).resolves.toEqual({ apt_booked: true, result: { n: 2 } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/v1/stripe/s?a=b');
  });

  it('turns a body of another shape into INVALID_RESPONSE, and an error into its ApiError', async () => {
    respond(200, { success: true, result: { n: 2 } });
    respond(404, { success: false, code: 'NOT_FOUND', message: 'No such session' });
    await expect(apiGetBody('/stripe/s', Schema)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    await expect(apiGetBody('/stripe/s', Schema)).rejects.toMatchObject({ status: 404, message: 'No such session' });
  });
});
