import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from '../../lib/api-client.ts';
import { csrfHeader, isSignedOutError, pollHeader } from './console-request.ts';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => fetchMock.mockReset());

const respond = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
const sentHeaders = (call: number) => fetchMock.mock.calls[call]?.[1]?.headers as Record<string, string>;

describe("the console's calls through the one client (ADR 0038)", () => {
  it('send the CSRF token on a change', async () => {
    respond(200, { success: true, result: null });
    await apiRequest({ method: 'POST', path: '/staff/x', body: {}, result: z.null(), headers: csrfHeader('tok') });
    expect(sentHeaders(0)).toMatchObject({ 'X-CSRF-Token': 'tok', 'Content-Type': 'application/json' });
  });

  it('mark a poll with X-Console-Poll, and only a poll', async () => {
    respond(200, { success: true, result: null });
    respond(200, { success: true, result: null });
    await apiRequest({ path: '/staff/schedule', result: z.null(), headers: pollHeader(true) });
    await apiRequest({ path: '/staff/schedule', result: z.null(), headers: pollHeader(false) });
    expect(sentHeaders(0)).toMatchObject({ 'X-Console-Poll': '1' });
    expect(sentHeaders(1)).not.toHaveProperty('X-Console-Poll');
  });

  it('read a 401 as the end of the session, and nothing else', async () => {
    respond(401, { success: false, code: 'UNAUTHORIZED', message: 'Signed out' });
    respond(403, { success: false, code: 'FORBIDDEN', message: 'Owners only' });
    const ended = await apiRequest({ path: '/staff/session', result: z.null() }).catch((e: unknown) => e);
    const refused = await apiRequest({ path: '/staff/members', result: z.null() }).catch((e: unknown) => e);
    expect(isSignedOutError(ended)).toBe(true);
    expect(isSignedOutError(refused)).toBe(false);
  });
});
