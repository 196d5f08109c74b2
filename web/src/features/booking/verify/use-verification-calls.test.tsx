import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import { createRef, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import { useCheckCode, useIsCalling, useSendCode } from './use-verification-calls.ts';
import { clearVerificationState, useVerificationStore } from './verification-store.ts';

vi.mock('../../../lib/toast.ts', () => ({ showErrorToast: vi.fn(), showSuccessToast: vi.fn() }));
const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  clearVerificationState();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const target = { channel: 'email', contact: 'jane@example.com' } as const;

function renderCalls() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const codeRef = createRef<HTMLInputElement>();
  const onSent = vi.fn();
  const hook = renderHook(
    () => ({ send: useSendCode('p1', codeRef, onSent), check: useCheckCode('p1', codeRef), isCalling: useIsCalling() }),
    { wrapper },
  );
  return { ...hook, onSent };
}

describe("page 6's calls are mutations of the query client", () => {
  it('send-otp empties the code at once, is pending while out, and records the countdown', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    useVerificationStore.getState().setCode('123');
    const { result, onSent } = renderCalls();

    act(() => result.current.send.mutate(target));
    expect(useVerificationStore.getState().code).toBe('');
    expect(result.current.isCalling()).toBe(true);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledOnce());

    const resultBody = { recipient: 'x', expires_in_seconds: 600, resend_in_seconds: 30 };
    await act(async () => answer(json(200, { success: true, result: resultBody })));
    await vi.waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(result.current.isCalling()).toBe(false);
    expect(Object.keys(useVerificationStore.getState().sent)).toHaveLength(1);
  });

  it('a refused verify-otp clears the code and keeps no proof', async () => {
    fetchMock.mockResolvedValue(json(400, { success: false, code: 'OTP_INVALID', message: 'Wrong code' }));
    useVerificationStore.getState().setCode('123456');
    const { result } = renderCalls();

    await act(() => result.current.check.mutateAsync({ ...target, code: '123456' }).catch(() => undefined));
    expect(useVerificationStore.getState().code).toBe('');
    expect(useVerificationStore.getState().tokens).toEqual({});
  });
});
