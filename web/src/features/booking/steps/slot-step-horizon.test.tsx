import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildReason } from '../../../test/booking-factories.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderBookingScreen } from '../../../test/render-booking-screen.tsx';
import { PAGE } from '../navigation/step-rules.ts';
import { clearBookingStorage } from '../state/booking-store.ts';

/** The calendar stops at the practice's own booking horizon (ADR 0079), told in the practice payload. */

const slot = { DateTimeStart: '2030-01-15 13:30:00', DateTimeEnd: '2030-01-15 14:00:00', ProvNum: 1, OpNum: 1 };
stubFetch(async () => jsonResponse(200, { success: true, result: [slot] }));

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

const renderSlotStep = (months: number) =>
  renderBookingScreen(PAGE.slot, buildReason({ to_show_providers: false }), {
    server_tz: 'America/New_York',
    booking_horizon_months: months,
  });

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
