import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from '../../../lib/page-router.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingBodyInput } from '#domain/booking/booking-schemas.ts';
import { changeLanguage } from '../../../lib/i18n/catalogue-registry.ts';
import { buildFormDetails } from '../../../test/practice-factories.ts';
import { BOOKING_STORAGE_KEY, useBookingStore } from '../state/booking-store.ts';
import { CHECKOUT_STORAGE_KEY, saveCheckoutSession, type PaymentReceipt } from './checkout-session.ts';
import { PaymentFailedPage } from './payment-failed-page.tsx';
import { PaymentSuccessPage, RETURN_DELAY_SECONDS } from './payment-success-page.tsx';
import { jsonResponse as json, stubFetch } from '../../../test/fetch-stub.ts';
import { QueryProviders } from '../../../test/query-providers.tsx';

const fetchMock = stubFetch();
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
  vi.useRealTimers();
  sessionStorage.clear();
});

const PRACTICE_ID = '5f0c6a52-4b8e-4c1e-9d9a-1c2b3d4e5f60';
const PRACTICE = buildFormDetails({
  id: PRACTICE_ID,
  name: 'Bright Smile Dental',
  phone: '5125550100',
  logo: 'https://cdn.example.com/logo.png',
  form_customization: { brand_color: '#fde68a', button_color_1: '', button_color_2: '' },
});

/** Answers the practice form, the status check and the other calls by path, like the server. */
function serve(routes: { status?: Response | (() => Response); retry?: Response; booking?: Response }) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/form/')) return json(200, { success: true, result: PRACTICE });
    if (url.includes('check-payment-status') && routes.status)
      return typeof routes.status === 'function' ? routes.status() : routes.status.clone();
    if (url.includes('retry-session') && routes.retry) return routes.retry;
    if (url.includes('/appointment') && routes.booking) return routes.booking;
    return json(404, { success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
}
const statusOf = (aptBooked: boolean, paymentStatus: string, appointment?: Record<string, unknown>) =>
  json(200, {
    success: true,
    apt_booked: aptBooked,
    result: { payment_status: paymentStatus, ...(appointment ? { appointment } : {}) },
  });
const appointmentIn = (state: string, overrides: Record<string, unknown> = {}) => ({
  state,
  apt_date: '2030-01-07',
  start_time: '09:00:00',
  time_zone: 'America/Chicago',
  held_until: null,
  can_retry_payment: state !== 'released',
  ...overrides,
});

function storeSession(sessionId = 'cs_1', receipt: Partial<PaymentReceipt> = {}) {
  saveCheckoutSession({
    sessionId,
    formUrl: 'bright-smile',
    practiceId: PRACTICE_ID,
    body: { practice_id: PRACTICE_ID } as unknown as BookingBodyInput,
    receipt: {
      amount: 75,
      reasonName: 'Teeth Whitening Consultation',
      slot: { date: '2030-01-07', slotStart: '09:00 AM' },
      providerName: 'Dr. Ana Ruiz',
      ...receipt,
    },
  });
  useBookingStore.setState({ formUrl: 'bright-smile', patientFormPageNumber: 5 });
}

function renderAt(path: string) {
  render(
    <QueryProviders>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path=":formUrl" element={<p>Booking form</p>} />
          <Route path=":formUrl/payment-success" element={<PaymentSuccessPage />} />
          <Route path=":formUrl/payment-failed" element={<PaymentFailedPage />} />
        </Routes>
      </MemoryRouter>
    </QueryProviders>,
  );
}

describe('the payment success page', () => {
  it('paid: shows the receipt, clears the booking at once, returns to the form after the countdown', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    storeSession();
    serve({ status: statusOf(true, 'paid') });
    renderAt('/bright-smile/payment-success?session_id=cs_1');
    expect(screen.getByRole('status').textContent).toBe('Checking your payment…');

    const heading = await screen.findByRole('heading', { level: 1, name: 'Payment Successful' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('Your payment was successful and your appointment is confirmed.')).toBeInTheDocument();
    expect(screen.getByText('Monday, January 7, 09:00 AM')).toBeInTheDocument();
    expect(screen.getByText('Dr. Ana Ruiz')).toBeInTheDocument();
    expect(screen.getByText('$75.00')).toBeInTheDocument();
    // The practice's header: name, logo and phone on its colour, and its name in the tab.
    const header = await screen.findByRole('banner', { name: 'Practice information' });
    expect(header.textContent).toContain('Bright Smile Dental');
    expect(header.style.backgroundColor).toBe('rgb(253, 230, 138)');
    expect(screen.getByRole('img', { name: 'Bright Smile Dental' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(512) 555-0100' }).getAttribute('href')).toBe('tel:5125550100');
    expect(document.title).toBe('Payment Successful - Bright Smile Dental - Chairtime');
    expect(sessionStorage.getItem(BOOKING_STORAGE_KEY)).toBeNull();
    expect(useBookingStore.getState().patientFormPageNumber).toBe(1);
    expect(
      screen.getByText(`Returning to the booking form in ${RETURN_DELAY_SECONDS} seconds.`, { exact: false }),
    ).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(RETURN_DELAY_SECONDS * 1_000));
    expect(await screen.findByText('Booking form')).toBeInTheDocument();
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
  });

  it("'Stay on this page' stops the countdown", async () => {
    const user = userEvent.setup();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    storeSession();
    serve({ status: statusOf(true, 'paid') });
    renderAt('/bright-smile/payment-success?session_id=cs_1');
    await user.click(await screen.findByRole('button', { name: 'Stay on this page' }));
    act(() => vi.advanceTimersByTime(RETURN_DELAY_SECONDS * 2_000));
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeInTheDocument();
    expect(screen.queryByText(/Returning to the booking form/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the booking form' }).getAttribute('href')).toBe('/bright-smile');
  });

  it('not paid: shows the failure message and keeps the booking while it is not booked', async () => {
    storeSession();
    serve({
      status: statusOf(false, 'unpaid'),
      booking: json(400, { success: false, code: 'BAD_REQUEST', message: 'This payment is not complete.' }),
    });
    renderAt('/bright-smile/payment-success?session_id=cs_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText('Your appointment is booked but the payment is not completed.')).toBeInTheDocument();
    expect(screen.queryByText('$75.00')).not.toBeInTheDocument();
    expect(screen.queryByText(/Returning to the booking form/)).not.toBeInTheDocument();
    expect(useBookingStore.getState().patientFormPageNumber).toBe(5);
  });

  it('never shows success for a late payment that was refunded because the slot was taken', async () => {
    storeSession();
    serve({
      status: statusOf(false, 'refunded'),
      booking: json(409, {
        success: false,
        code: 'SLOT_TAKEN',
        message: 'The time slot was taken before the payment arrived; the payment is being refunded.',
      }),
    });
    renderAt('/bright-smile/payment-success?session_id=cs_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.queryByText('Payment Successful')).not.toBeInTheDocument();
    expect(screen.queryByText('$75.00')).not.toBeInTheDocument();
  });
});

describe('the payment failed page', () => {
  it('no checkout to look up: the spec texts with the practice; the finished booking forgotten', async () => {
    serve({});
    useBookingStore.setState({ formUrl: 'bright-smile', patientFormPageNumber: 5 });
    renderAt('/bright-smile/payment-failed');
    expect(screen.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeInTheDocument();
    expect(screen.getByText('Your appointment is booked but the payment is not completed.')).toBeInTheDocument();
    expect(await screen.findByRole('banner', { name: 'Practice information' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Payment Failed - Bright Smile Dental - Chairtime'));
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
    expect(useBookingStore.getState().patientFormPageNumber).toBe(1);
  });

  it('time still held: until when, the appointment, and "Try the payment again" back to the checkout', async () => {
    const user = userEvent.setup();
    storeSession();
    const heldUntil = new Date(Date.now() + 25 * 60_000 + 30_000).toISOString();
    serve({
      status: statusOf(false, 'unpaid', appointmentIn('held', { held_until: heldUntil })),
      retry: json(201, {
        success: true,
        result: { session_id: 'cs_1', url: 'http://localhost:3000/_dev/checkout/cs_1' },
      }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderAt('/bright-smile/payment-failed?session_id=cs_1');
    expect(
      await screen.findByText(
        new RegExp(
          String.raw`^Your time is still held for you until \d{2}:\d{2} [AP]M CS?T \(about 25 minutes\)\. ` +
            String.raw`The payment is not completed yet\.$`,
        ),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Monday, January 7, 09:00 AM CST')).toBeInTheDocument();
    expect(screen.getByText(/Questions\? Call Bright Smile Dental at/).textContent).toContain('(512) 555-0100');
    // The booking stays: the patient may also go back and pay from the form.
    expect(useBookingStore.getState().patientFormPageNumber).toBe(5);
    await user.click(screen.getByRole('button', { name: 'Try the payment again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/_dev/checkout/cs_1'));
    const retryCall = fetchMock.mock.calls.find(([input]) => String(input).includes('retry-session'))!;
    expect(JSON.parse(String(retryCall[1]?.body))).toEqual({ session_id: 'cs_1', practice_id: PRACTICE_ID });
    vi.unstubAllGlobals();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('booked unpaid: spec text, appointment, a new checkout on "Try the payment again", session stored', async () => {
    const user = userEvent.setup();
    storeSession();
    serve({
      status: statusOf(true, 'unpaid', appointmentIn('booked')),
      retry: json(201, { success: true, result: { session_id: 'cs_2', url: '/_dev/checkout/cs_2' } }),
    });
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderAt('/bright-smile/payment-failed?session_id=cs_1');
    expect(await screen.findByText('You can pay now, or at your visit.')).toBeInTheDocument();
    expect(screen.getByText('Your appointment is booked but the payment is not completed.')).toBeInTheDocument();
    expect(screen.getByText('Monday, January 7, 09:00 AM CST')).toBeInTheDocument();
    await waitFor(() => expect(useBookingStore.getState().patientFormPageNumber).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Try the payment again' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/_dev/checkout/cs_2'));
    expect(JSON.parse(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)!).sessionId).toBe('cs_2');
    vi.unstubAllGlobals();
    vi.stubGlobal('fetch', fetchMock);
  });

  it('released: nothing booked, no payment offered, the typed details kept, a refusal in words', async () => {
    storeSession();
    serve({ status: statusOf(false, 'unpaid', appointmentIn('released')) });
    renderAt('/bright-smile/payment-failed');
    expect(
      await screen.findByText(
        'Your appointment is not booked: the payment was not completed and the time we held for you has been released.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try the payment again' })).not.toBeInTheDocument();
    expect(screen.queryByText('Your appointment is booked but the payment is not completed.')).not.toBeInTheDocument();
    await waitFor(() => expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull());
    expect(useBookingStore.getState().patientFormPageNumber).toBe(5);
  });

  it("shows the server's sentence when the retry is refused", async () => {
    const user = userEvent.setup();
    storeSession();
    serve({
      status: statusOf(
        false,
        'unpaid',
        appointmentIn('held', { held_until: new Date(Date.now() + 60_000).toISOString() }),
      ),
      retry: json(409, {
        success: false,
        code: 'CONFLICT',
        message: 'The time we held for you has been released. Please choose a time again.',
      }),
    });
    renderAt('/bright-smile/payment-failed?session_id=cs_1');
    await user.click(await screen.findByRole('button', { name: 'Try the payment again' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The time we held for you has been released. Please choose a time again.',
    );
  });
});

describe('the payment pages in Spanish (ADR 0034)', () => {
  it('show the receipt with Spanish terms, the date and time in es-US and the amount in dollars', async () => {
    await changeLanguage('es');
    storeSession();
    serve({ status: statusOf(true, 'paid') });
    renderAt('/bright-smile/payment-success?session_id=cs_1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pago realizado' })).toBeInTheDocument();
    expect(screen.getByText('Su pago se realizó con éxito y su cita está confirmada.')).toBeInTheDocument();
    expect(screen.getByText('Fecha y hora').nextSibling?.textContent).toBe('Lunes, 7 de enero, 9:00 a.m.');
    expect(screen.getByText('Monto pagado').nextSibling?.textContent).toBe('$75.00');
    expect(screen.getByRole('button', { name: 'Quedarme en esta página' })).toBeInTheDocument();
    expect(screen.getByRole('banner', { name: 'Información del consultorio' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Pago realizado - Bright Smile Dental - Chairtime'));
    const statusCall = fetchMock.mock.calls.find(([input]) => String(input).includes('check-payment-status'))!;
    expect(statusCall[1]?.headers).toMatchObject({ 'Accept-Language': 'es' });
    expect(screen.getByRole('contentinfo').textContent).toContain('Términos del servicio');
  });

  it('say in Spanish how long the time is still held, and when the appointment is', async () => {
    await changeLanguage('es');
    storeSession();
    const heldUntil = new Date(Date.now() + 25 * 60_000 + 30_000).toISOString();
    serve({ status: statusOf(false, 'unpaid', appointmentIn('held', { held_until: heldUntil })) });
    renderAt('/bright-smile/payment-failed?session_id=cs_1');
    expect(
      await screen.findByText(
        new RegExp(
          String.raw`^Le seguimos guardando su horario hasta las \d{1,2}:\d{2} [ap]\.m\. CS?T ` +
            String.raw`\(aproximadamente 25 minutos\)\. ` +
            String.raw`El pago aún no se ha completado\.$`,
        ),
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Lunes, 7 de enero, 9:00 a.m. CST')).toBeInTheDocument();
    expect(screen.getByText(/¿Preguntas\? Llame a Bright Smile Dental al/).textContent).toContain('(512) 555-0100');
    expect(screen.getByRole('button', { name: 'Intentar el pago de nuevo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al formulario de reserva' })).toBeInTheDocument();
  });
});

describe('the payment success page shows what page 7 shows (ADR 0060)', () => {
  it("names the booking's provider for First Available, the time zone and the address", async () => {
    storeSession('cs_2', { providerName: 'First Available' });
    serve({
      status: statusOf(
        true,
        'paid',
        appointmentIn('booked', { provider_name: 'Dr. Ben Carter', reference: 'ACD3467' }),
      ),
    });
    renderAt('/bright-smile/payment-success?session_id=cs_2');
    await screen.findByRole('heading', { level: 1, name: 'Payment Successful' });
    expect(screen.getByText('Dr. Ben Carter')).toBeInTheDocument();
    expect(screen.queryByText('First Available')).not.toBeInTheDocument();
    expect(screen.getByText('Monday, January 7, 09:00 AM CST')).toBeInTheDocument();
    expect(await screen.findByText('12 Main St')).toBeInTheDocument();
  });
});
