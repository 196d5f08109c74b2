import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BOOKING_FORM_CONTEXT, buildBookingFormValues, buildReason } from '../../../test/booking-factories.ts';
import { buildFormDetails } from '../../../test/practice-factories.ts';
import { EARLIEST_AVAILABLE_PROVIDER, toProviderDetails } from '../state/reason-rules.ts';
import { clearBookingStorage, useBookingStore } from '../state/booking-store.ts';
import { createQueryClient } from '../../../app/query-client.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useUiStore } from '../state/ui-store.ts';
import { bookingBody } from './booking-body.ts';
import { showBookingFailure } from './booking-failure.ts';

vi.mock('sonner', () => ({ toast: { error: vi.fn(), success: vi.fn() } }));

const formContext = BOOKING_FORM_CONTEXT;
const values = buildBookingFormValues();
const reason = buildReason({ is_payment_enabled: false });
const options = { form: buildFormDetails(), formContext, clinicNum: null, referrerId: null, fingerprint: null };
const slot = { date: '2026-12-03', slotStart: '09:00 AM', provNum: 3, opNum: 7 };
const visit = { startTime: '09:00:00', endTime: '10:00:00' };

beforeEach(() => {
  useBookingStore.getState().startSession('bright-smile', null);
  useBookingStore.getState().saveReason(reason);
});
afterEach(() => clearBookingStorage());

// First Available books whichever provider is free at the time when the booking goes in, so the
// body asks for "any provider" (0) rather than the one the slot list happened to show (ADR 0062).
describe('the booking body of a First Available choice', () => {
  it('asks for any provider and chair at the chosen time', () => {
    useBookingStore.getState().saveProvider(EARLIEST_AVAILABLE_PROVIDER);
    useBookingStore.getState().saveSlot(slot, visit);

    const body = bookingBody(values, reason, options);

    expect(body).toMatchObject({ pms_prov_num: 0, pms_op_num: 0, apt_date: '2026-12-03', start_time: '09:00:00' });
  });

  it('keeps a chosen provider and the slot chair', () => {
    const provider = toProviderDetails({
      provider_id: 'p-3',
      pms_prov_num: 3,
      profile_pic: '',
      provider_display_name: 'Dr. Three',
      provider_first_name: null,
      provider_last_name: null,
    });
    useBookingStore.getState().saveProvider(provider);
    useBookingStore.getState().saveSlot(slot, visit);

    expect(bookingBody(values, reason, options)).toMatchObject({ pms_prov_num: 3, pms_op_num: 7 });
  });
});

describe('a First Available time nobody is free at any more', () => {
  it('sends the patient back to the day they had chosen, not to the current month', () => {
    useBookingStore.getState().saveProvider(EARLIEST_AVAILABLE_PROVIDER);
    useBookingStore.getState().saveSlot(slot, visit);

    showBookingFailure(new ApiError(409, 'SLOT_TAKEN', 'taken'), createQueryClient(), vi.fn());

    expect(useBookingStore.getState().patientFormDetails.bookingSlotDetails).toBeNull();
    expect(useUiStore.getState()).toMatchObject({ slotRefusal: 'taken', slotRefusalDate: '2026-12-03' });
  });
});
