import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../../lib/page-router.tsx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FormDetails, ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import { buildBookedAppointment, buildReason, buildVerifyStepState } from '../../../test/booking-factories.ts';
import { buildFormDetails } from '../../../test/practice-factories.ts';
import { BookingScreen } from '../booking-screen.tsx';
import { clearBookingStorage, useBookingStore } from '../state/booking-store.ts';
import { clearVerificationState, useVerificationStore } from './verification-store.ts';
import { QueryProviders } from '../../../test/query-providers.tsx';

const toast = vi.hoisted(() => ({ showErrorToast: vi.fn(), showSuccessToast: vi.fn() }));
vi.mock('../../../lib/toast.ts', () => toast);
vi.mock('../api/bot-challenge.ts', () => ({ solveBotChallenge: async () => 'solved-challenge' }));
vi.mock('../contact/use-fingerprint.ts', () => ({ useFingerprint: () => 'fingerprint' }));
const checkout = vi.hoisted(() => ({ startCheckout: vi.fn(async () => {}) }));
vi.mock('../payment/start-checkout.ts', () => checkout);

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

const PRACTICE_ID = '5f0c6a52-4b8e-4c1e-9d9a-1c2b3d4e5f60';
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const requestsTo = (path: string) =>
  fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === `/api/v1${path}`);
const bodyOf = (call: Parameters<typeof fetch>) => JSON.parse(String(call[1]?.body)) as Record<string, unknown>;
const headersOf = (call: Parameters<typeof fetch>) => call[1]?.headers as Record<string, string>;

let verifyAnswer: () => Response;

beforeEach(() => {
  verifyAnswer = () =>
    json(200, {
      success: true,
      message: 'Your email address is verified.',
      result: { verification_token: 'token-1', expires_at: new Date(Date.now() + 30 * 60_000).toISOString() },
    });
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path === '/api/v1/verify/send-otp') {
      return json(200, {
        success: true,
        message: 'A 6-digit code was sent to your email address.',
        result: { recipient: 'x', expires_in_seconds: 600, resend_in_seconds: 30 },
      });
    }
    if (path === '/api/v1/verify/verify-otp') return verifyAnswer();
    if (path === '/api/v1/appointment') {
      return json(201, {
        success: true,
        message: 'Appointment Booked',
        result: buildBookedAppointment(),
      });
    }
    return json(200, { success: true, result: [] });
  });
});

afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.clearAllMocks();
  clearBookingStorage();
  clearVerificationState();
});

function renderPage6(
  reason: ReasonForVisit = buildReason({ to_show_providers: false }),
  formOverrides: Partial<FormDetails> = {},
) {
  useBookingStore.setState(buildVerifyStepState(reason));
  render(
    <QueryProviders>
      <MemoryRouter initialEntries={['/verify-dental']}>
        <BookingScreen
          form={buildFormDetails({
            id: PRACTICE_ID,
            form_url: 'verify-dental',
            name: 'Verify Dental Care',
            to_verify_patient: true,
            ...formOverrides,
          })}
        />
      </MemoryRouter>
    </QueryProviders>,
  );
}

const codeInput = () => screen.getByRole('textbox', { name: 'Verification code' }) as HTMLInputElement;
const consent = () =>
  screen.getByRole('checkbox', { name: 'I agree to receive text and email from Verify Dental Care.' });
const verifyButton = (name = 'Verify & Schedule') => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('page 6', () => {
  it('shows the spec controls; the button waits for six digits and the consent', async () => {
    const user = userEvent.setup();
    renderPage6();
    expect(await screen.findByRole('heading', { level: 2, name: 'Verify your contact' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use Email' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'Use Cell Phone' })).toBeInTheDocument();
    const input = codeInput();
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(verifyButton().disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Use Email' }));
    await screen.findByText('A 6-digit code was sent to your email address jane@example.com.');
    await user.clear(input);
    await user.type(input, '12 34-5x6 78');
    expect(input.value).toBe('123456');
    expect(verifyButton().disabled).toBe(true);
    await user.click(consent());
    expect(verifyButton().disabled).toBe(false);
    await user.clear(input);
    await user.type(input, '12345');
    expect(verifyButton().disabled).toBe(true);
  });

  it('keeps a code that arrived before the send answered (a phone fills an SMS code in at once)', async () => {
    const user = userEvent.setup();
    let answerSend: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answerSend = resolve));
    const usual = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/verify/send-otp')) await answered;
      return usual(input, init);
    });
    renderPage6();
    await user.click(await screen.findByRole('button', { name: 'Use Email' }));
    await user.clear(codeInput());
    await user.type(codeInput(), '654321');
    answerSend();
    await screen.findByText('A 6-digit code was sent to your email address jane@example.com.');
    expect(codeInput().value).toBe('654321');
    await user.click(consent());
    expect(verifyButton().disabled).toBe(false);
  });

  it('offers only e-mail when the practice sends no texts', async () => {
    renderPage6(undefined, { verification_channels: ['email'] });
    expect(await screen.findByRole('button', { name: 'Use Email' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use Cell Phone' })).not.toBeInTheDocument();
  });

  it("'Use Cell Phone' sends the code to the phone with '+1', and 'Send again' counts down from 30", async () => {
    const user = userEvent.setup();
    renderPage6();
    await user.click(await screen.findByRole('button', { name: 'Use Cell Phone' }));
    await screen.findByText('A 6-digit code was sent to your phone number (512) 555-0199.');
    expect(bodyOf(requestsTo('/verify/send-otp')[0]!)).toEqual({
      recipient: '+15125550199',
      verification_type: 'text',
      practice_id: PRACTICE_ID,
    });
    expect(screen.getByRole('button', { name: 'Use Cell Phone' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('button', { name: 'Send again' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('in 30 seconds')).toBeInTheDocument();
    expect(toast.showSuccessToast).toHaveBeenCalledWith('A 6-digit code was sent to your email address.');
    await waitFor(() => expect(document.activeElement).toBe(codeInput()));

    // Choosing the channel again does not send again: that is what 'Send again' is for.
    await user.click(screen.getByRole('button', { name: 'Use Cell Phone' }));
    expect(requestsTo('/verify/send-otp')).toHaveLength(1);
  });

  it.each([
    [429, 'RATE_LIMITED', 'Please wait 20 seconds before asking for another code.'],
    [502, 'DELIVERY_FAILED', 'We could not send the code to this email address. Please check it and try again.'],
  ])('a failed send (%i) shows the server message and claims nothing', async (status, code, message) => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async () => json(status, { success: false, code, message }));
    renderPage6();
    await user.click(await screen.findByRole('button', { name: 'Use Email' }));
    await waitFor(() => expect(toast.showErrorToast).toHaveBeenCalledWith(message));
    expect(screen.queryByText(/was sent to/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send again' })).not.toBeInTheDocument();
  });

  it('a wrong code is cleared and the server message shown; nothing is booked', async () => {
    const user = userEvent.setup();
    verifyAnswer = () =>
      json(400, { success: false, code: 'OTP_INVALID', message: 'That code is not right. 4 tries left.' });
    renderPage6();
    await user.click(await screen.findByRole('button', { name: 'Use Email' }));
    await screen.findByText('A 6-digit code was sent to your email address jane@example.com.');
    await user.clear(codeInput());
    await user.type(codeInput(), '000000');
    await user.click(consent());
    await user.click(verifyButton());
    await waitFor(() => expect(toast.showErrorToast).toHaveBeenCalledWith('That code is not right. 4 tries left.'));
    expect(codeInput().value).toBe('');
    expect(verifyButton().disabled).toBe(true);
    expect(requestsTo('/appointment')).toHaveLength(0);
    expect(useBookingStore.getState().patientFormPageNumber).toBe(6);
  });

  it('a right code books with the proof in X-Verification-Token and shows page 7', async () => {
    const user = userEvent.setup();
    renderPage6();
    await user.click(await screen.findByRole('button', { name: 'Use Email' }));
    await screen.findByText(/was sent to your email address/);
    await user.clear(codeInput());
    await user.type(codeInput(), '123456');
    await user.click(consent());
    await user.click(verifyButton());
    expect(await screen.findByRole('heading', { level: 2, name: 'Appointment Booked' })).toBeInTheDocument();
    expect(bodyOf(requestsTo('/verify/verify-otp')[0]!)).toEqual({
      recipient: 'jane@example.com',
      verification_type: 'email',
      otp: '123456',
      practice_id: PRACTICE_ID,
    });
    const booking = requestsTo('/appointment')[0]!;
    expect(headersOf(booking)).toMatchObject({
      'X-Verification-Token': 'token-1',
      'X-Bot-Challenge': 'solved-challenge',
    });
    expect(bodyOf(booking)).toMatchObject({
      email: 'jane@example.com',
      wireless_phone: '5125550199',
      apt_date: '2030-01-07',
      start_time: '09:00:00',
      is_concented: true,
    });
    // The proof has done its work.
    expect(useVerificationStore.getState().tokens).toEqual({});
  });

  it("a paid reason says 'Verify & Pay' and hands the proof to the checkout", async () => {
    const user = userEvent.setup();
    renderPage6(buildReason({ to_show_providers: false, is_payment_enabled: true, amount: 50 }));
    await user.click(await screen.findByRole('button', { name: 'Use Email' }));
    await screen.findByText(/was sent to your email address/);
    await user.clear(codeInput());
    await user.type(codeInput(), '123456');
    await user.click(consent());
    await user.click(verifyButton('Verify & Pay'));
    await waitFor(() => expect(checkout.startCheckout).toHaveBeenCalledTimes(1));
    const [request] = checkout.startCheckout.mock.calls[0] as unknown as [
      { body: Record<string, unknown>; verificationToken: string },
    ];
    expect(request.verificationToken).toBe('token-1');
    expect(request.body).toMatchObject({ practice_id: PRACTICE_ID, email: 'jane@example.com' });
    expect(requestsTo('/appointment')).toHaveLength(0);
  });

  it('after a taken slot, coming back with the same contact needs no new code', async () => {
    const user = userEvent.setup();
    useVerificationStore.getState().begin(`${PRACTICE_ID}|${useBookingStore.getState().visitStartedAt}`);
    renderPage6();
    // Same booking (practice and visit start) as the state below.
    useVerificationStore.setState({
      channel: 'email',
      tokens: { 'email:jane@example.com': { value: 'token-kept', expiresAt: Date.now() + 20 * 60_000 } },
    });
    expect(await screen.findByText('Your email address jane@example.com is verified.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Verification code' })).not.toBeInTheDocument();
    await user.click(consent());
    await user.click(verifyButton());
    expect(await screen.findByRole('heading', { level: 2, name: 'Appointment Booked' })).toBeInTheDocument();
    expect(requestsTo('/verify/verify-otp')).toHaveLength(0);
    expect(headersOf(requestsTo('/appointment')[0]!)).toMatchObject({ 'X-Verification-Token': 'token-kept' });
  });
});
