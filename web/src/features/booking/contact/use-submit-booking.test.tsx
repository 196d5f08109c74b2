import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { toast } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import { toasterMounted } from '../../../lib/toast.ts';
import { BOOKING_FORM_CONTEXT, buildBookingFormValues, buildReason } from '../../../test/booking-factories.ts';
import { buildFormDetails } from '../../../test/practice-factories.ts';
import { BookingContext } from '../booking-context.ts';
import { PAGE } from '../navigation/step-rules.ts';
import { clearBookingStorage, useBookingStore } from '../state/booking-store.ts';
import { useUiStore } from '../state/ui-store.ts';
import { DOUBLE_SUBMIT_LOCK_MS, useSubmitBooking } from './use-submit-booking.ts';

vi.mock('../api/bot-challenge.ts', () => ({ solveBotChallenge: vi.fn(async () => 'solved') }));
vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);

const formContext = BOOKING_FORM_CONTEXT;
const values = buildBookingFormValues;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const appointmentCalls = () => fetchMock.mock.calls.filter(([input]) => String(input).includes('/appointment'));

function renderSubmit(queryClient = createQueryClient()) {
  const form = { ...buildFormDetails(), to_verify_patient: false };
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <BookingContext value={{ form, clinicNum: null, rfv: null, referrerId: null }}>{children}</BookingContext>
    </QueryClientProvider>
  );
  return renderHook(
    () => useSubmitBooking({ formContext, clinicNum: null, fingerprint: null, showFieldErrors: vi.fn() }),
    { wrapper },
  );
}

beforeEach(() => {
  toasterMounted();
  useBookingStore.getState().startSession('bright-smile', null);
  useBookingStore.getState().chooseStatus('New Patient', new Date());
  useBookingStore.getState().saveReason(buildReason({ is_payment_enabled: false }));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  fetchMock.mockReset();
  vi.mocked(toast.error).mockClear();
  clearBookingStorage();
});

describe('useSubmitBooking', () => {
  it('ignores further submits until 2 s after an attempt ends (spec section 9)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fetchMock.mockImplementation(async () => json({ success: false, message: 'Busy' }, 500));
    const { result } = renderSubmit();

    await act(() => result.current.submitVerified(values(), 'token'));
    expect(appointmentCalls()).toHaveLength(1);
    expect(result.current.isLocked).toBe(true);

    expect(await act(() => result.current.submitVerified(values(), 'token'))).toBe('ignored');
    await act(() => vi.advanceTimersByTimeAsync(DOUBLE_SUBMIT_LOCK_MS - 1));
    expect(await act(() => result.current.submitVerified(values(), 'token'))).toBe('ignored');
    expect(appointmentCalls()).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.isLocked).toBe(false);
    expect(await act(() => result.current.submitVerified(values(), 'token'))).toBe('failed');
    expect(appointmentCalls()).toHaveLength(2);
  });

  it("shows 'Something went wrong' when a failed booking has no message", async () => {
    fetchMock.mockImplementation(async () => json({ success: false }, 500));
    const { result } = renderSubmit();
    expect(await act(() => result.current.submitVerified(values(), 'token'))).toBe('failed');
    await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith('Something went wrong'));
  });

  it('sends the hidden honeypot field as hp', async () => {
    fetchMock.mockImplementation(async () => json({ success: false, message: 'Busy' }, 500));
    const { result } = renderSubmit();
    await act(() => result.current.submitVerified(values('i am a bot'), 'token'));
    const [, init] = appointmentCalls()[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ hp: 'i am a bot' });
  });

  it('sends the chosen language with the booking (ADR 0033’s lifecycle field)', async () => {
    fetchMock.mockImplementation(async () => json({ success: false, message: 'Busy' }, 500));
    const { result } = renderSubmit();
    await act(() => result.current.submitVerified(values(), 'token'));
    const [, init] = appointmentCalls()[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({ language: 'en' });
  });

  it.each([
    [409, 'SLOT_TAKEN', 'taken', 'Sorry, that time was just booked by someone else. Please choose another slot.'],
    [422, 'SLOT_UNAVAILABLE', 'unavailable', 'This time is no longer available to book. Please choose another time.'],
  ] as const)(
    'sends the patient back to pick another time on %s %s, with its own message',
    async (status, code, refusal, message) => {
      useBookingStore
        .getState()
        .saveSlot(
          { date: '2026-03-03', slotStart: '09:00 AM', provNum: 1, opNum: 1 },
          { startTime: '09:00:00', endTime: '09:30:00' },
        );
      useBookingStore.getState().setPage(PAGE.contact);
      fetchMock.mockImplementation(async () => json({ success: false, code, message: 'From the server' }, status));
      const { result } = renderSubmit();
      expect(await act(() => result.current.submitVerified(values(), 'token'))).toBe('failed');
      expect(useBookingStore.getState().patientFormDetails.bookingSlotDetails).toBeNull();
      expect(useBookingStore.getState().patientFormPageNumber).toBe(PAGE.slot);
      expect(useUiStore.getState().slotRefusal).toBe(refusal);
      await vi.waitFor(() => expect(toast.error).toHaveBeenCalledWith(message));
      useUiStore.getState().setSlotRefusal(null);
    },
  );

  it('sends the booking as a mutation of the query client, pending until the server answers', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockImplementation(() => new Promise((resolve) => (answer = resolve)));
    const queryClient = createQueryClient();
    const { result } = renderSubmit(queryClient);
    let outcome: Promise<string> = Promise.resolve('');
    act(() => void (outcome = result.current.submitVerified(values(), 'token')));
    await vi.waitFor(() => expect(appointmentCalls()).toHaveLength(1));
    expect(queryClient.isMutating()).toBe(1);
    await vi.waitFor(() => expect(result.current.isSubmitting).toBe(true));
    answer(json({ success: false, message: 'Busy' }, 500));
    expect(await act(() => outcome)).toBe('failed');
    expect(queryClient.isMutating()).toBe(0);
    await vi.waitFor(() => expect(result.current.isSubmitting).toBe(false));
  });
});
