import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BookingBodyInput } from '#domain/booking/booking-schemas.ts';
import { loadCheckoutSession, saveCheckoutSession, type StoredCheckoutSession } from './checkout-session.ts';
import { resolvePaymentReturn } from './payment-return.ts';
import { buildBookedAppointment } from '../../../test/booking-factories.ts';
import { jsonResponse as json, stubFetch } from '../../../test/fetch-stub.ts';

const fetchMock = stubFetch();
afterEach(() => {
  sessionStorage.clear();
});

const PRACTICE_ID = '5f0c6a52-4b8e-4c1e-9d9a-1c2b3d4e5f60';
const STORED: StoredCheckoutSession = {
  sessionId: 'cs_1',
  formUrl: 'bright-smile',
  practiceId: PRACTICE_ID,
  body: { practice_id: PRACTICE_ID, email: 'jane@example.com' } as unknown as BookingBodyInput,
  receipt: {
    amount: 75,
    reasonName: 'Teeth Whitening Consultation',
    slot: { date: '2030-01-07', slotStart: '09:00 AM' },
    providerName: 'First Available',
  },
};
const noPracticeLookup = () => Promise.reject(new Error('not expected'));
const status = (aptBooked: boolean, paymentStatus: string) =>
  json(200, { success: true, apt_booked: aptBooked, result: { payment_status: paymentStatus } });
const BOOKED = {
  success: true,
  message: 'Appointment Booked',
  result: buildBookedAppointment({ end_time: '09:30:00' }),
};

describe('resolvePaymentReturn (spec section 4)', () => {
  it('looks the session up with the stored practice id and shows paid with the receipt', async () => {
    saveCheckoutSession(STORED);
    fetchMock.mockResolvedValue(status(true, 'paid'));
    const outcome = await resolvePaymentReturn({
      formUrl: 'bright-smile',
      sessionId: 'cs_1',
      practiceIdOf: noPracticeLookup,
    });
    expect(outcome).toEqual({
      kind: 'checked',
      isPaid: true,
      isBooked: true,
      receipt: STORED.receipt,
      booked: null,
      appointment: null,
    });
    expect(String(fetchMock.mock.calls[0]![0])).toBe(
      `/api/v1/stripe/check-payment-status?session_id=cs_1&practice_id=${PRACTICE_ID}`,
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('without a stored session, takes the practice id from the practice form', async () => {
    fetchMock.mockResolvedValue(status(true, 'paid'));
    const practiceIdOf = vi.fn(async () => PRACTICE_ID);
    const outcome = await resolvePaymentReturn({ formUrl: 'bright-smile', sessionId: 'cs_9', practiceIdOf });
    expect(practiceIdOf).toHaveBeenCalledWith('bright-smile');
    expect(outcome).toEqual({
      kind: 'checked',
      isPaid: true,
      isBooked: true,
      receipt: null,
      booked: null,
      appointment: null,
    });
  });

  it('once booked and paid, carries the reference, the manage page and the visit from the lookup', async () => {
    const appointment = {
      state: 'booked',
      apt_date: '2030-01-07',
      start_time: '09:00:00',
      time_zone: 'America/Chicago',
      held_until: null,
      can_retry_payment: false,
      reference: 'ACDEF34',
      manage_path: `/bright-smile/appointment/${'A'.repeat(32)}`,
      starts_at: '2030-01-07T15:00:00.000Z',
      ends_at: '2030-01-07T15:30:00.000Z',
    };
    fetchMock.mockResolvedValue(
      json(200, { success: true, apt_booked: true, result: { payment_status: 'paid', appointment } }),
    );
    const outcome = await resolvePaymentReturn({
      formUrl: 'bright-smile',
      sessionId: 'cs_2',
      practiceIdOf: async () => PRACTICE_ID,
    });
    expect(outcome).toMatchObject({
      kind: 'checked',
      isPaid: true,
      booked: {
        reference: 'ACDEF34',
        managePath: appointment.manage_path,
        startsAt: appointment.starts_at,
        endsAt: appointment.ends_at,
      },
    });
  });

  it('anything but paid is not shown as paid', async () => {
    saveCheckoutSession(STORED);
    fetchMock.mockResolvedValue(status(true, 'unpaid'));
    expect(
      await resolvePaymentReturn({ formUrl: 'bright-smile', sessionId: 'cs_1', practiceIdOf: noPracticeLookup }),
    ).toMatchObject({ isPaid: false, isBooked: true });
  });

  it('not booked yet: sends the booking once with payment details', async () => {
    saveCheckoutSession(STORED);
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('check-payment-status') ? status(false, 'paid') : json(200, BOOKED),
    );
    const first = await resolvePaymentReturn({
      formUrl: 'bright-smile',
      sessionId: 'cs_1',
      practiceIdOf: noPracticeLookup,
    });
    expect(first).toMatchObject({ kind: 'checked', isPaid: true, isBooked: true });
    const posts = fetchMock.mock.calls.filter(([input]) => String(input) === '/api/v1/appointment');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]?.body))).toEqual({
      ...STORED.body,
      payment_details: { amount: 75, payment_status: 'success', session_id: 'cs_1' },
    });
    expect(loadCheckoutSession()?.isReturnSubmitted).toBe(true);

    // A reload: the lookup again, but the booking is not sent a second time.
    await resolvePaymentReturn({ formUrl: 'bright-smile', sessionId: 'cs_1', practiceIdOf: noPracticeLookup });
    expect(fetchMock.mock.calls.filter(([input]) => String(input) === '/api/v1/appointment')).toHaveLength(1);
  });

  it('a refused payment-return booking is ignored silently', async () => {
    saveCheckoutSession(STORED);
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('check-payment-status')
        ? status(false, 'unpaid')
        : json(400, { success: false, code: 'BAD_REQUEST', message: 'This payment is not complete.' }),
    );
    expect(
      await resolvePaymentReturn({ formUrl: 'bright-smile', sessionId: 'cs_1', practiceIdOf: noPracticeLookup }),
    ).toMatchObject({ isPaid: false, isBooked: false });
  });

  it('no session id, an unknown session or a network failure: unknown, without throwing', async () => {
    expect(
      await resolvePaymentReturn({ formUrl: 'bright-smile', sessionId: null, practiceIdOf: noPracticeLookup }),
    ).toEqual({ kind: 'unknown' });
    fetchMock.mockResolvedValue(
      json(404, { success: false, code: 'NOT_FOUND', message: 'No payment session with this id for this practice.' }),
    );
    expect(
      await resolvePaymentReturn({ formUrl: 'bright-smile', sessionId: 'cs_x', practiceIdOf: async () => PRACTICE_ID }),
    ).toEqual({ kind: 'unknown' });
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(
      await resolvePaymentReturn({ formUrl: 'bright-smile', sessionId: 'cs_x', practiceIdOf: async () => PRACTICE_ID }),
    ).toEqual({ kind: 'unknown' });
    expect(
      await resolvePaymentReturn({ formUrl: 'bright-smile', sessionId: 'cs_x', practiceIdOf: noPracticeLookup }),
    ).toEqual({ kind: 'unknown' });
  });

  it("ignores a stored session of another practice's page", async () => {
    saveCheckoutSession(STORED);
    fetchMock.mockResolvedValue(status(true, 'paid'));
    const practiceIdOf = vi.fn(async () => 'other-practice');
    const outcome = await resolvePaymentReturn({ formUrl: 'smile-group', sessionId: 'cs_1', practiceIdOf });
    expect(practiceIdOf).toHaveBeenCalledWith('smile-group');
    expect(outcome).toMatchObject({ receipt: null });
  });
});
