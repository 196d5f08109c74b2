import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookingBodyInput } from '#domain/booking/booking-schemas.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { buildProvider, buildReason } from '../../../test/booking-factories.ts';
import { EMPTY_PATIENT_FORM_DETAILS } from '../state/booking-state.ts';
import { clearBookingStorage, useBookingStore } from '../state/booking-store.ts';
import {
  CHECKOUT_STORAGE_KEY,
  earlierCheckoutId,
  loadCheckoutSession,
  saveCheckoutSession,
} from './checkout-session.ts';
import { startCheckout } from './start-checkout.ts';

vi.mock('../api/bot-challenge.ts', () => ({ solveBotChallenge: async () => 'solved-challenge' }));
const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const BODY = {
  practice_id: '5f0c6a52-4b8e-4c1e-9d9a-1c2b3d4e5f60',
  rfv_id: 'r1',
  email: 'jane@example.com',
} as unknown as BookingBodyInput;

/** A checkout this browser started and left (Back) without paying. */
const leaveCheckout = (sessionId: string) =>
  saveCheckoutSession({
    sessionId,
    formUrl: 'bright-smile',
    practiceId: BODY.practice_id,
    body: BODY,
    receipt: { amount: 75, reasonName: 'x', slot: null, providerName: 'x' },
  });

beforeEach(() => {
  window.history.pushState({}, '', '/bright-smile?rfv=r1');
  useBookingStore.setState({
    patientFormDetails: {
      ...EMPTY_PATIENT_FORM_DETAILS,
      reasonForVisit: buildReason({ name: 'Teeth Whitening Consultation', amount: 75, is_payment_enabled: true }),
      providerDetails: { ...buildProvider(), providerName: 'Dr. Ana Ruiz' },
      bookingSlotDetails: { date: '2030-01-07', slotStart: '09:00 AM', provNum: 1, opNum: 1 },
    },
  });
});

afterEach(() => {
  fetchMock.mockReset();
  clearBookingStorage();
  sessionStorage.clear();
});

describe('startCheckout (spec section 4)', () => {
  it('creates the session with the return URLs and headers, saves it with the booking, then redirects', async () => {
    fetchMock.mockResolvedValue(
      json(201, { success: true, result: { session_id: 'cs_1', url: 'http://localhost:3000/_dev/checkout/cs_1' } }),
    );
    const redirect = vi.fn();
    await startCheckout({ body: BODY, verificationToken: 'token-1' }, redirect);

    const [input, init] = fetchMock.mock.calls[0]!;
    expect(String(input)).toBe('/api/v1/stripe/create-session');
    expect(JSON.parse(String(init?.body))).toEqual({
      ...BODY,
      success_url: 'http://localhost:3000/bright-smile/payment-success',
      cancel_url: 'http://localhost:3000/bright-smile/payment-failed',
    });
    expect(init?.headers).toMatchObject({ 'X-Bot-Challenge': 'solved-challenge', 'X-Verification-Token': 'token-1' });
    expect(loadCheckoutSession()).toEqual({
      sessionId: 'cs_1',
      formUrl: 'bright-smile',
      practiceId: BODY.practice_id,
      body: BODY,
      receipt: {
        amount: 75,
        reasonName: 'Teeth Whitening Consultation',
        slot: { date: '2030-01-07', slotStart: '09:00 AM' },
        providerName: 'Dr. Ana Ruiz',
      },
    });
    expect(redirect).toHaveBeenCalledWith('http://localhost:3000/_dev/checkout/cs_1');
  });

  it('sends no verification header when the practice does not verify', async () => {
    fetchMock.mockResolvedValue(json(201, { success: true, result: { session_id: 'cs_1', url: '/x' } }));
    await startCheckout({ body: BODY, verificationToken: null }, vi.fn());
    expect(Object.keys(fetchMock.mock.calls[0]![1]?.headers as object)).not.toContain('X-Verification-Token');
  });

  it('on failure clears the stored session and throws the server error for the caller to show', async () => {
    sessionStorage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify({ sessionId: 'cs_old' }));
    fetchMock.mockResolvedValue(
      json(409, { success: false, code: 'SLOT_TAKEN', message: 'Sorry, this slot was just taken.' }),
    );
    const redirect = vi.fn();
    const failure = startCheckout({ body: BODY, verificationToken: null }, redirect);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ code: 'SLOT_TAKEN', message: 'Sorry, this slot was just taken.' });
    expect(sessionStorage.getItem(CHECKOUT_STORAGE_KEY)).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
  });

  it('names the checkout this browser left (Back), so the server resumes or replaces its own hold', async () => {
    leaveCheckout('cs_left');
    fetchMock.mockResolvedValue(
      json(201, {
        success: true,
        result: { session_id: 'cs_left', url: 'http://localhost:3000/_dev/checkout/cs_left' },
      }),
    );
    const redirect = vi.fn();
    await startCheckout({ body: BODY, verificationToken: null }, redirect);
    expect(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body))).toMatchObject({ replaces_session_id: 'cs_left' });
    expect(loadCheckoutSession()?.sessionId).toBe('cs_left');
    expect(redirect).toHaveBeenCalledWith('http://localhost:3000/_dev/checkout/cs_left');
  });

  it('keeps the earlier checkout id when the next start fails, so the try after that still replaces it', async () => {
    leaveCheckout('cs_left');
    fetchMock.mockResolvedValueOnce(
      json(409, { success: false, code: 'SLOT_TAKEN', message: 'Sorry, this slot was just taken.' }),
    );
    await expect(startCheckout({ body: BODY, verificationToken: null }, vi.fn())).rejects.toBeInstanceOf(ApiError);
    expect(loadCheckoutSession()).toBeNull();
    expect(earlierCheckoutId()).toBe('cs_left');
    fetchMock.mockResolvedValueOnce(json(201, { success: true, result: { session_id: 'cs_new', url: '/x' } }));
    await startCheckout({ body: BODY, verificationToken: null }, vi.fn());
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1]?.body))).toMatchObject({ replaces_session_id: 'cs_left' });
    expect(earlierCheckoutId()).toBe('cs_new');
  });

  it('only logs a failed redirect (spec section 8)', async () => {
    fetchMock.mockResolvedValue(json(201, { success: true, result: { session_id: 'cs_1', url: '/x' } }));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(
      startCheckout({ body: BODY, verificationToken: null }, () => {
        throw new Error('blocked');
      }),
    ).resolves.toBeUndefined();
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
