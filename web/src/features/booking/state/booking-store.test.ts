import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildClinic } from '../../../test/practice-factories.ts';
import { buildReason } from '../../../test/booking-factories.ts';
import { BOOKING_STORAGE_KEY, clearBookingStorage, isSameSession, useBookingStore } from './booking-store.ts';
import { EARLIEST_AVAILABLE_PROVIDER, toProviderDetails } from './reason-rules.ts';

const store = () => useBookingStore.getState();
const slot = { date: '2026-12-01', slotStart: '09:00 AM', provNum: 1, opNum: 1 };
const visit = { startTime: '09:00:00', endTime: '09:45:00' };

beforeEach(() => store().startSession('bright-smile', null));
afterEach(() => clearBookingStorage());

describe('booking store reset rules (spec section 4)', () => {
  it('a different reason clears the provider and the slot; the same reason keeps them', () => {
    const reason = buildReason();
    store().saveReason(reason);
    store().saveProvider(EARLIEST_AVAILABLE_PROVIDER);
    store().saveSlot(slot, visit);
    store().saveReason({ ...reason, name: 'Renamed' });
    expect(store().patientFormDetails.providerDetails).not.toBeNull();
    expect(store().patientFormDetails.bookingSlotDetails).toEqual(slot);

    store().saveReason(buildReason({ id: 'other-reason' }));
    expect(store().patientFormDetails.providerDetails).toBeNull();
    expect(store().patientFormDetails.bookingSlotDetails).toBeNull();
    expect(store().patientVisitDuration).toBeNull();
  });

  it('a different provider clears the slot', () => {
    store().saveReason(buildReason());
    store().saveProvider(toProviderDetails(buildReason().providers[0]!));
    store().saveSlot(slot, visit);
    store().saveProvider(EARLIEST_AVAILABLE_PROVIDER);
    expect(store().patientFormDetails.bookingSlotDetails).toBeNull();
  });

  it('resetting the patient form clears every part and returns to page 1, keeping the clinic', () => {
    store().saveClinic(buildClinic());
    store().chooseStatus('New Patient', new Date('2026-11-20T10:00:00Z'));
    store().setBookingForSomeOne(true);
    store().saveReason(buildReason());
    store().setPage(5);
    store().resetPatientForm();
    expect(store().patientFormPageNumber).toBe(1);
    expect(store().patientFormDetails.basicDetailsData.patientStatus).toBeNull();
    expect(store().patientFormDetails.bookingForSomeOne).toBe(false);
    expect(store().patientFormDetails.reasonForVisit).toBeNull();
    expect(store().clinicDetails).not.toBeNull();
  });

  it('Back on page 1 forgets the clinic and the form but stays in the same session', () => {
    store().saveClinic(buildClinic());
    store().chooseStatus('Returning Patient', new Date());
    store().resetClinicAndForm();
    expect(store().clinicDetails).toBeNull();
    expect(store().patientFormDetails.basicDetailsData.patientStatus).toBeNull();
    expect(isSameSession(store(), 'bright-smile', null)).toBe(true);
  });

  it('records when the status was chosen', () => {
    store().chooseStatus('New Patient', new Date('2026-11-20T10:00:00Z'));
    expect(store().statusSelectedAt).toBe('2026-11-20T10:00:00.000Z');
  });

  it('belongs to one practice path and one clinic_num', () => {
    expect(isSameSession(store(), 'bright-smile', null)).toBe(true);
    expect(isSameSession(store(), 'smile-group', null)).toBe(false);
    expect(isSameSession(store(), 'bright-smile', '2')).toBe(false);
  });

  it('is kept in sessionStorage, so a reload finds it, and cleared on leaving the confirmation', () => {
    store().saveReason(buildReason());
    store().setPage(4);
    const saved = JSON.parse(sessionStorage.getItem(BOOKING_STORAGE_KEY) ?? '{}') as {
      state: { patientFormPageNumber: number; formUrl: string };
    };
    expect(saved.state.patientFormPageNumber).toBe(4);
    expect(saved.state.formUrl).toBe('bright-smile');
    clearBookingStorage();
    expect(sessionStorage.getItem(BOOKING_STORAGE_KEY)).toBeNull();
    expect(store().patientFormPageNumber).toBe(1);
  });
});
