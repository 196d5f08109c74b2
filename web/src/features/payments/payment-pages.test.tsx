import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingBodyInput } from '#domain/booking/booking-schemas.ts';
import { createQueryClient } from '../../app/query-client.ts';
import { BOOKING_STORAGE_KEY, useBookingStore } from '../booking/state/booking-store.ts';
import { CHECKOUT_STORAGE_KEY, saveCheckoutSession } from './checkout-session.ts';
import { PaymentFailedPage } from './payment-failed-page.tsx';
import { PaymentSuccessPage, RETURN_DELAY_SECONDS } from './payment-success-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  fetchMock.mockReset();
  sessionStorage.clear();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const PRACTICE_ID = '5f0c6a52-4b8e-4c1e-9d9a-1c2b3d4e5f60';

function storeSession() {
  saveCheckoutSession({
    sessionId: 'cs_1',
    formUrl: 'bright-smile',
    practiceId: PRACTICE_ID,
    body: { practice_id: PRACTICE_ID } as unknown as BookingBodyInput,
    receipt: { amount: 75, reasonName: 'Teeth Whitening Consultation', slot: { date: '2030-01-07', slotStart: '09:00 AM' }, providerName: 'Dr. Ana Ruiz' },
  });
  useBookingStore.setState({ formUrl: 'bright-smile', patientFormPageNumber: 5 });
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path=":formUrl" element={<p>Booking form</p>} />
          <Route path=":formUrl/payment-success" element={<PaymentSuccessPage />} />
          <Route path=":formUrl/payment-failed" element={<PaymentFailedPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the payment success page', () => {
  it('shows the receipt when paid, clears the booking at once and returns to the form after the countdown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    storeSession();
    fetchMock.mockResolvedValue(json(200, { success: true, apt_booked: true, result: { payment_status: 'paid' } }));
    renderAt('/bright-smile/payment-success?session_id=cs_1');
    expect(screen.getByRole('status').textContent).toBe('Checking your payment…');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Payment Successful' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Your payment was successful and your appointment is confirmed.')).toBeTruthy();
    expect(screen.getByText('Monday, January 7, 09:00 AM')).toBeTruthy();
    expect(screen.getByText('Dr. Ana Ruiz')).toBeTruthy();
    expect(screen.getByText('$75.00')).toBeTruthy();
    expect(sessionStorage.getItem(BOOKING_STORAGE_KEY)).toBeNull();
    expect(useBookingStore.getState().patientFormPageNumber).toBe(1);
    expect(screen.getByText(`Returning to the booking form in ${RETURN_DELAY_SECONDS} seconds.`, { exact: false })).toBeTruthy();

    act(() => vi.advanceTimersByTime(RETURN_DELAY_SECONDS * 1_000));
    expect(await screen.findByText('Booking form')).toBeTruthy();
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
  });

  it("'Stay on this page' stops the countdown", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    storeSession();
    fetchMock.mockResolvedValue(json(200, { success: true, apt_booked: true, result: { payment_status: 'paid' } }));
    renderAt('/bright-smile/payment-success?session_id=cs_1');
    fireEvent.click(await screen.findByRole('button', { name: 'Stay on this page' }));
    act(() => vi.advanceTimersByTime(RETURN_DELAY_SECONDS * 2_000));
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeTruthy();
    expect(screen.queryByText(/Returning to the booking form/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to the booking form' }).getAttribute('href')).toBe('/bright-smile');
  });

  it('shows the failure message when the payment is not paid, and keeps the booking while it is not booked', async () => {
    storeSession();
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('check-payment-status')
        ? json(200, { success: true, apt_booked: false, result: { payment_status: 'unpaid' } })
        : json(400, { success: false, code: 'BAD_REQUEST', message: 'This payment is not complete.' }),
    );
    renderAt('/bright-smile/payment-success?session_id=cs_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByText('Your appointment is booked but the payment is not completed.')).toBeTruthy();
    expect(screen.queryByText('$75.00')).toBeNull();
    expect(screen.queryByText(/Returning to the booking form/)).toBeNull();
    expect(useBookingStore.getState().patientFormPageNumber).toBe(5);
  });

  it('never shows success for a late payment that was refunded because the slot was taken', async () => {
    storeSession();
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('check-payment-status')
        ? json(200, { success: true, apt_booked: false, result: { payment_status: 'refunded' } })
        : json(409, { success: false, code: 'SLOT_TAKEN', message: 'The time slot was taken before the payment arrived; the payment is being refunded.' }),
    );
    renderAt('/bright-smile/payment-success?session_id=cs_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeTruthy();
    expect(screen.queryByText('Payment Successful')).toBeNull();
    expect(screen.queryByText('$75.00')).toBeNull();
  });
});

describe('the payment failed page', () => {
  it('shows the spec texts and forgets the finished booking', () => {
    storeSession();
    renderAt('/bright-smile/payment-failed');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeTruthy();
    expect(screen.getByText('Your appointment is booked but the payment is not completed.')).toBeTruthy();
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
    expect(useBookingStore.getState().patientFormPageNumber).toBe(1);
  });
});
