import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../../../lib/page-router.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import type { BookingResult } from '#domain/booking/booking-schemas.ts';
import { buildReason } from '../../../test/booking-factories.ts';
import { buildFormDetails } from '../../../test/practice-factories.ts';
import { BookingContext } from '../booking-context.ts';
import { EMPTY_PATIENT_FORM_DETAILS, type BookingSlotDetails, type ProviderDetails } from '../state/booking-state.ts';
import { clearBookingStorage, useBookingStore } from '../state/booking-store.ts';
import { EARLIEST_AVAILABLE_PROVIDER, toProviderDetails } from '../state/reason-rules.ts';
import ConfirmationStep from './confirmation-step.tsx';

afterEach(() => {
  cleanup();
  clearBookingStorage();
});

const reason = buildReason();
const result = (overrides: Partial<BookingResult> = {}): BookingResult => ({
  appointment_id: 'a1',
  reference: 'ACDEF34',
  status: 'booked',
  apt_date: '2026-07-07',
  start_time: '09:30:00',
  end_time: '10:15:00',
  pms_prov_num: 2,
  pms_op_num: 1,
  ...overrides,
});

function renderBooked(options: {
  provider: ProviderDetails;
  slot: BookingSlotDetails;
  bookingResult: BookingResult | null;
  timeZone?: string;
}) {
  useBookingStore.setState({
    patientFormPageNumber: 7,
    patientFormDetails: {
      ...EMPTY_PATIENT_FORM_DETAILS,
      basicDetailsData: { firstName: 'Jane', lastName: 'Doe', patientStatus: 'New Patient' },
      reasonForVisit: reason,
      providerDetails: options.provider,
      bookingSlotDetails: options.slot,
      patientContactDetails: { email: 'jane@example.com', phone: '5125550199', message: '', agreeTextAndEmail: true },
    },
    patientVisitDuration: { startTime: `${options.slot.slotStart.slice(0, 5)}:00`, endTime: '23:00:00' },
    bookingResult: options.bookingResult,
  });
  const form = buildFormDetails({ server_tz: options.timeZone ?? 'America/Chicago' });
  render(
    <MemoryRouter>
      <BookingContext.Provider value={{ form, clinicNum: null, rfv: null, referrerId: null }}>
        <ConfirmationStep />
      </BookingContext.Provider>
    </MemoryRouter>,
  );
}

const valueOf = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the confirmation page', () => {
  it("gives the time with the practice's time zone, as the slot page does (CDT in summer, CST in winter)", () => {
    renderBooked({
      provider: toProviderDetails(reason.providers[0]!),
      slot: { date: '2026-07-07', slotStart: '09:30 AM', provNum: 1, opNum: 1 },
      bookingResult: result(),
    });
    expect(valueOf('Date and time')).toBe('Tuesday, July 7, 09:30 AM CDT');
    cleanup();
    renderBooked({
      provider: toProviderDetails(reason.providers[0]!),
      slot: { date: '2026-12-01', slotStart: '09:30 AM', provNum: 1, opNum: 1 },
      bookingResult: result({ apt_date: '2026-12-01' }),
    });
    expect(valueOf('Date and time')).toBe('Tuesday, December 1, 09:30 AM CST');
  });

  it('shows the booking reference the patient can read to the office', () => {
    renderBooked({
      provider: toProviderDetails(reason.providers[0]!),
      slot: { date: '2026-07-07', slotStart: '09:30 AM', provNum: 1, opNum: 1 },
      bookingResult: result(),
    });
    expect(valueOf('Reference')).toBe('ACDEF34');
  });

  it("names the provider the booking went to when the patient chose 'First Available'", () => {
    renderBooked({
      provider: EARLIEST_AVAILABLE_PROVIDER,
      slot: { date: '2026-07-07', slotStart: '09:30 AM', provNum: 2, opNum: 1 },
      bookingResult: result({ pms_prov_num: 2 }),
    });
    expect(valueOf('Provider')).toBe('Ben Carter');
  });

  it("keeps 'First Available' when nobody is assigned yet (a request without a time)", () => {
    renderBooked({
      provider: EARLIEST_AVAILABLE_PROVIDER,
      slot: { date: '2026-07-07', slotStart: '09:30 AM', provNum: 0, opNum: 0 },
      bookingResult: result({ pms_prov_num: 0 }),
    });
    expect(valueOf('Provider')).toBe('First Available');
  });

  it('keeps the provider the patient chose', () => {
    renderBooked({
      provider: toProviderDetails(reason.providers[0]!),
      slot: { date: '2026-07-07', slotStart: '09:30 AM', provNum: 1, opNum: 1 },
      bookingResult: result({ pms_prov_num: 1 }),
    });
    expect(valueOf('Provider')).toBe('Dr. Ana Ruiz');
  });
});

describe('the confirmation of a request made without a time (ADR 0060)', () => {
  it('says the request was received and the office will call, as the e-mail does', () => {
    renderBooked({
      provider: EARLIEST_AVAILABLE_PROVIDER,
      slot: { date: '2026-07-07', slotStart: '09:30 AM', provNum: 1, opNum: 1 },
      bookingResult: result({ status: 'requested', apt_date: null, start_time: null, end_time: null }),
    });
    act(() =>
      useBookingStore.setState((state) => ({
        patientFormDetails: { ...state.patientFormDetails, bookingSlotDetails: null },
      })),
    );
    expect(screen.getByRole('heading', { name: 'Appointment Request Received' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Appointment Booked' })).not.toBeInTheDocument();
    expect(
      screen.getByText('We received your appointment request. The office will call you to schedule a time.'),
    ).toBeInTheDocument();
  });
});
