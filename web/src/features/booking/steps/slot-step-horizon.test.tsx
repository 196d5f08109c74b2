import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../app/query-client.ts';
import { MemoryRouter } from '../../../lib/page-router.tsx';
import { buildReason } from '../../../test/booking-factories.ts';
import { buildFormDetails } from '../../../test/practice-factories.ts';
import { BookingScreen } from '../booking-screen.tsx';
import { PAGE } from '../navigation/step-rules.ts';
import { EMPTY_PATIENT_FORM_DETAILS } from '../state/booking-state.ts';
import { clearBookingStorage, useBookingStore } from '../state/booking-store.ts';
import { EARLIEST_AVAILABLE_PROVIDER } from '../state/reason-rules.ts';

/** The calendar stops at the practice's own booking horizon (ADR 0079), told in the practice payload. */

const slot = { DateTimeStart: '2030-01-15 13:30:00', DateTimeEnd: '2030-01-15 14:00:00', ProvNum: 1, OpNum: 1 };
vi.stubGlobal(
  'fetch',
  vi.fn<typeof fetch>(
    async () =>
      new Response(JSON.stringify({ success: true, result: [slot] }), {
        headers: { 'content-type': 'application/json' },
      }),
  ),
);

// Only the date is fixed (Tuesday 8 January 2030 in New York); timers stay real for the queries.
beforeAll(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-01-08T15:00:00Z'));
});
afterAll(() => vi.useRealTimers());
afterEach(() => {
  cleanup();
  clearBookingStorage();
});

function renderSlotStep(bookingHorizonMonths: number) {
  useBookingStore.setState({
    formUrl: 'bright-smile',
    clinicNumParam: null,
    patientFormPageNumber: PAGE.slot,
    patientFormDetails: {
      ...EMPTY_PATIENT_FORM_DETAILS,
      basicDetailsData: { firstName: 'Jane', lastName: 'Doe', patientStatus: 'New Patient' },
      reasonForVisit: buildReason({ to_show_providers: false }),
      providerDetails: EARLIEST_AVAILABLE_PROVIDER,
    },
  });
  const form = buildFormDetails({ server_tz: 'America/New_York', booking_horizon_months: bookingHorizonMonths });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/bright-smile']}>
        <BookingScreen form={form} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe("the slot calendar and the practice's booking horizon", () => {
  it('goes one month ahead and no further for a practice that books 1 month ahead', async () => {
    const user = userEvent.setup();
    renderSlotStep(1);
    const next = await screen.findByRole('button', { name: 'Go to the Next Month' });
    await screen.findByText('January 2030');
    await user.click(next);
    expect(await screen.findByText('February 2030')).toBeInTheDocument();
    expect(next).toHaveAttribute('aria-disabled', 'true');
  });

  it('goes on past that month at the default 11', async () => {
    const user = userEvent.setup();
    renderSlotStep(11);
    const next = await screen.findByRole('button', { name: 'Go to the Next Month' });
    await user.click(next);
    expect(await screen.findByText('February 2030')).toBeInTheDocument();
    expect(next).not.toHaveAttribute('aria-disabled');
  });
});
