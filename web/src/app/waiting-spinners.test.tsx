import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '../lib/page-router.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildVerifyStepState } from '../test/booking-factories.ts';
import { buildFormDetails } from '../test/practice-factories.ts';
import { BookingScreen } from '../features/booking/booking-screen.tsx';
import { clearBookingStorage, useBookingStore } from '../features/booking/state/booking-store.ts';
import { clearVerificationState } from '../features/booking/verify/verification-store.ts';
import { PaymentSuccessPage } from '../features/booking/payment/payment-success-page.tsx';
import { QueryProviders } from '../test/query-providers.tsx';

// The spec's radar-style spinner where the patient waits on something other than a step change.

vi.mock('../lib/toast.ts', () => ({ showErrorToast: vi.fn(), showSuccessToast: vi.fn() }));
vi.mock('../features/booking/api/bot-challenge.ts', () => ({ solveBotChallenge: async () => 'solved' }));
vi.mock('../features/booking/contact/use-fingerprint.ts', () => ({ useFingerprint: () => 'fingerprint' }));

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const pathOf = (input: unknown) => new URL(String(input), 'http://localhost').pathname;

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  clearBookingStorage();
  clearVerificationState();
  sessionStorage.clear();
});

const spinner = (name: string) =>
  screen.getAllByRole('status').find((status) => status.textContent === name && status.querySelector('[data-radar]'));

describe('the radar spinner', () => {
  it('turns while a payment is checked, then gives way to the answer', async () => {
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    fetchMock.mockImplementation(async (input) => {
      await gate;
      if (pathOf(input).startsWith('/api/v1/form/')) return json(200, { success: true, result: buildFormDetails() });
      return json(200, { success: true, apt_booked: false, result: { payment_status: 'unpaid' } });
    });
    render(
      <QueryProviders>
        <MemoryRouter initialEntries={['/bright-smile/payment-success?session_id=cs_1']}>
          <Routes>
            <Route path=":formUrl/payment-success" element={<PaymentSuccessPage />} />
          </Routes>
        </MemoryRouter>
      </QueryProviders>,
    );
    await waitFor(() => expect(spinner('Checking your payment…')).toBeInTheDocument());
    open();
    await screen.findByRole('heading', { level: 1, name: 'Payment Failed' });
    expect(document.querySelector('[data-radar]')).toBeNull();
  });

  it('turns while a code is being verified, and not before', async () => {
    const user = userEvent.setup();
    let answerVerify: (response: Response) => void = () => {};
    fetchMock.mockImplementation(async (input) => {
      const path = pathOf(input);
      if (path === '/api/v1/verify/send-otp')
        return json(200, {
          success: true,
          message: 'Sent.',
          result: { recipient: 'x', expires_in_seconds: 600, resend_in_seconds: 30 },
        });
      if (path === '/api/v1/verify/verify-otp') return new Promise<Response>((resolve) => (answerVerify = resolve));
      return json(200, { success: true, result: [] });
    });
    useBookingStore.setState(buildVerifyStepState());
    render(
      <QueryProviders>
        <MemoryRouter initialEntries={['/verify-dental']}>
          <BookingScreen
            form={buildFormDetails({ form_url: 'verify-dental', name: 'Verify Dental Care', to_verify_patient: true })}
          />
        </MemoryRouter>
      </QueryProviders>,
    );
    await user.click(await screen.findByRole('button', { name: 'Use Email' }));
    await screen.findByText(/was sent to your email address/);
    await user.type(screen.getByRole('textbox', { name: 'Verification code' }), '123456');
    await user.click(
      screen.getByRole('checkbox', { name: 'I agree to receive text and email from Verify Dental Care.' }),
    );
    expect(document.querySelector('[data-radar]')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Verify & Schedule' }));
    await waitFor(() => expect(spinner('Checking your code…')).toBeInTheDocument());
    answerVerify(json(400, { success: false, code: 'OTP_INVALID', message: 'That code is not right.' }));
    await waitFor(() => expect(document.querySelector('[data-radar]')).toBeNull());
  });
});
