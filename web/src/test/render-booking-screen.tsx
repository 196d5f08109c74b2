import { render } from '@testing-library/react';
import { MemoryRouter } from '../lib/page-router.tsx';
import type { FormDetails, ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import { BookingScreen } from '../features/booking/booking-screen.tsx';
import { EMPTY_PATIENT_FORM_DETAILS } from '../features/booking/state/booking-state.ts';
import { useBookingStore } from '../features/booking/state/booking-store.ts';
import { EARLIEST_AVAILABLE_PROVIDER } from '../features/booking/state/reason-rules.ts';
import { buildFormDetails } from './practice-factories.ts';
import { QueryProviders } from './query-providers.tsx';

/**
 * The booking screen of "Bright Smile" at `page`, a new patient with `reason`, First Available and
 * a slot already chosen: the steps' tests start where they are about.
 */
export function renderBookingScreen(page: number, reason: ReasonForVisit | null, form: Partial<FormDetails> = {}) {
  useBookingStore.setState({
    formUrl: 'bright-smile',
    clinicNumParam: null,
    patientFormPageNumber: page,
    patientFormDetails: {
      ...EMPTY_PATIENT_FORM_DETAILS,
      basicDetailsData: { firstName: '', lastName: '', patientStatus: 'New Patient' },
      reasonForVisit: reason,
      providerDetails: EARLIEST_AVAILABLE_PROVIDER,
      bookingSlotDetails: { date: '2030-01-07', slotStart: '09:00 AM', provNum: 1, opNum: 1 },
    },
    patientVisitDuration: { startTime: '09:00:00', endTime: '09:45:00' },
  });
  render(
    <QueryProviders>
      <MemoryRouter initialEntries={['/bright-smile']}>
        <BookingScreen
          form={buildFormDetails({
            form_url: 'bright-smile',
            name: 'Bright Smile',
            to_show_insurances: false,
            ...form,
          })}
        />
      </MemoryRouter>
    </QueryProviders>,
  );
}
