import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiGet, apiRequest, apiUrl, isUnknownApiError, toApiError } from './api-client.ts';
import { changeLanguage } from './i18n/catalogue-registry.ts';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(async () => {
  fetchMock.mockReset();
  await changeLanguage('en');
});

const respond = (status: number, body: string | null) =>
  fetchMock.mockResolvedValueOnce(new Response(body, { status, headers: { 'content-type': 'application/json' } }));

async function caught(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('apiRequest', () => {
  it('calls the versioned base with credentials and JSON, and returns the parsed result', async () => {
    respond(200, JSON.stringify({ success: true, message: 'Done', result: { n: 1 } }));
    const response = await apiRequest({
      method: 'POST',
      path: '/thing',
      result: z.object({ n: z.number() }),
      body: { a: 1 },
    });
    expect(response).toEqual({ result: { n: 1 }, message: 'Done' });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/thing');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"a":1}' });
    expect(init?.headers).toMatchObject({
      Accept: 'application/json',
      'Content-Type': 'application/json',
      'Accept-Language': 'en',
    });
  });

  it("sends the patient's chosen language, not the browser's, on every call (ADR 0034)", async () => {
    respond(200, JSON.stringify({ success: true, result: null }));
    await apiGet('/x', z.null());
    expect(fetchMock.mock.calls[0]?.[1]?.headers).toMatchObject({ 'Accept-Language': 'en' });

    await changeLanguage('es');
    respond(200, JSON.stringify({ success: true, result: null }));
    await apiRequest({ method: 'POST', path: '/y', body: {}, result: z.null(), headers: { 'X-Other': '1' } });
    expect(fetchMock.mock.calls[1]?.[1]?.headers).toMatchObject({ 'Accept-Language': 'es', 'X-Other': '1' });
  });

  it("says 'Unknown error' in the patient's language, and flags it as the fallback", async () => {
    await changeLanguage('es');
    respond(502, null);
    const error = await caught(apiGet('/x', z.unknown()));
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', message: 'Error desconocido' });
    expect(isUnknownApiError(error)).toBe(true);
    expect(isUnknownApiError(toApiError(429, { message: 'Demasiadas solicitudes' }))).toBe(false);
  });

  it('builds the query string and leaves empty values out', () => {
    expect(apiUrl('/reason-for-visit', { practice_id: 'p 1', pms_clinic_num: 3, referrer_id: undefined, x: '' })).toBe(
      '/api/v1/reason-for-visit?practice_id=p+1&pms_clinic_num=3',
    );
  });

  it('maps the error envelope to an ApiError with status, code, message and fields', async () => {
    respond(
      422,
      JSON.stringify({
        success: false,
        code: 'VALIDATION_FAILED',
        message: 'Check the form.',
        fields: { email: 'Invalid' },
      }),
    );
    const error = await caught(apiGet('/x', z.unknown()));
    expect(error).toMatchObject({
      status: 422,
      code: 'VALIDATION_FAILED',
      message: 'Check the form.',
      fields: { email: 'Invalid' },
    });
  });

  it("falls back to 'Unknown error' when a failed call has no body", async () => {
    respond(502, null);
    const error = await caught(apiGet('/x', z.unknown()));
    expect(error).toMatchObject({ status: 502, code: 'HTTP_502', message: 'Unknown error' });
  });

  it("falls back to 'Unknown error' for a body that is not JSON", async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    expect((await caught(apiGet('/x', z.unknown()))).message).toBe('Unknown error');
  });

  it("falls back to 'Unknown error' when the network fails", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    expect(await caught(apiGet('/x', z.unknown()))).toMatchObject({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'Unknown error',
    });
  });

  it('rejects a success response that does not match the schema', async () => {
    respond(200, JSON.stringify({ success: true, result: { n: 'one' } }));
    expect(await caught(apiGet('/x', z.object({ n: z.number() })))).toMatchObject({
      status: 200,
      code: 'INVALID_RESPONSE',
    });
  });
});

describe('toApiError', () => {
  it('uses a bare message from a body that is not our envelope', () => {
    expect(toApiError(429, { message: 'Slow down' })).toMatchObject({
      status: 429,
      code: 'HTTP_429',
      message: 'Slow down',
    });
  });

  it("uses 'Unknown error' for an empty or message-less body", () => {
    expect(toApiError(500, null).message).toBe('Unknown error');
    expect(toApiError(500, { message: '  ' }).message).toBe('Unknown error');
    expect(toApiError(500, [1, 2]).message).toBe('Unknown error');
  });

  it('keeps the bookings a settings save would strand (ADR 0079)', () => {
    const stranded = [
      { id: 'b1', reference: 'K7M2Q9P', apt_date: '2026-03-06', start_time: '14:00', patient_name: 'Jane Doe' },
    ];
    const body = { success: false, code: 'STRANDS_BOOKINGS', message: '1 booking(s) would fall outside.', stranded };
    expect(toApiError(409, body)).toMatchObject({ status: 409, code: 'STRANDS_BOOKINGS', stranded });
  });
});
