import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from '../../../lib/page-router.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildReason } from '../../../test/booking-factories.ts';
import { buildClinic, buildFormDetails } from '../../../test/practice-factories.ts';
import { BookingContext } from '../booking-context.ts';
import { BookingScreen } from '../booking-screen.tsx';
import { EMPTY_PATIENT_FORM_DETAILS } from '../state/booking-state.ts';
import { clearBookingStorage, useBookingStore } from '../state/booking-store.ts';
import { EARLIEST_AVAILABLE_PROVIDER } from '../state/reason-rules.ts';
import { PAGE } from '../navigation/step-rules.ts';
import ConfirmationStep from './confirmation-step.tsx';
import { QueryProviders } from '../../../test/query-providers.tsx';

/** ADR 0061: at a practice in New York, the Chicago clinic's pages name Chicago's zone. */

const slot = { DateTimeStart: '2030-01-08 13:30:00', DateTimeEnd: '2030-01-08 14:00:00', ProvNum: 1, OpNum: 1 };
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify({ success: true, result: [slot] }), {
        headers: { 'content-type': 'application/json' },
      }),
  ),
);

afterEach(() => {
  cleanup();
  clearBookingStorage();
});

function renderStep(page: number, clinicZone: string, isConfirmationOnly = false) {
  useBookingStore.setState({
    formUrl: 'two-zones',
    clinicNumParam: null,
    clinicDetails: buildClinic({ pms_clinic_num: 2, display_name: 'Chicago Loop', time_zone: clinicZone }),
    patientFormPageNumber: page,
    patientFormDetails: {
      ...EMPTY_PATIENT_FORM_DETAILS,
      basicDetailsData: { firstName: 'Jane', lastName: 'Doe', patientStatus: 'New Patient' },
      reasonForVisit: buildReason({ to_show_providers: false }),
      providerDetails: EARLIEST_AVAILABLE_PROVIDER,
      bookingSlotDetails:
        page === PAGE.slot ? null : { date: '2030-01-08', slotStart: '01:30 PM', provNum: 1, opNum: 1 },
      patientContactDetails: { email: 'jane@example.com', phone: '5125550199', message: '', agreeTextAndEmail: true },
    },
    patientVisitDuration: page === PAGE.slot ? null : { startTime: '13:30:00', endTime: '14:00:00' },
  });
  const form = buildFormDetails({ form_url: 'two-zones', server_tz: 'America/New_York', clinic_set_up: true });
  render(
    <QueryProviders>
      <MemoryRouter initialEntries={['/two-zones']}>
        {isConfirmationOnly ? (
          <BookingContext.Provider value={{ form, clinicNum: 2, rfv: null, referrerId: null }}>
            <ConfirmationStep />
          </BookingContext.Provider>
        ) : (
          <BookingScreen form={form} />
        )}
      </MemoryRouter>
    </QueryProviders>,
  );
}

describe("a clinic's own time zone on the booking page (ADR 0061)", () => {
  it('the slot step says "All times are in CST" at the Chicago clinic of a New York practice', async () => {
    renderStep(PAGE.slot, 'America/Chicago');
    expect(await screen.findByText('All times are in CST')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /01:30 PM/ })).toBeInTheDocument();
  });

  it("a clinic without a zone of its own keeps the practice's", async () => {
    renderStep(PAGE.slot, 'America/New_York');
    expect(await screen.findByText('All times are in EST')).toBeInTheDocument();
  });

  it('page 7 names the Chicago zone beside the time', () => {
    renderStep(PAGE.confirmation, 'America/Chicago', true);
    const term = screen.getByText('Date and time', { selector: 'dt' });
    expect(term.nextElementSibling?.textContent).toBe('Tuesday, January 8, 01:30 PM CST');
  });
});
