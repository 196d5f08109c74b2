import { cleanup, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDetail, openBookingPanel } from '../console-test-kit.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const openPanel = async (detail: ReturnType<typeof buildDetail>) =>
  (await openBookingPanel(userEvent.setup(), detail)).panel;

describe('the booking panel’s other bookings of the patient', () => {
  it('lists them in words: day and time, reason, provider, state and reference', async () => {
    const panel = await openPanel(
      buildDetail({
        other_bookings: [
          {
            id: 'apt-2',
            reference: 'K7M4PQR',
            status: 'no_show',
            starts_at: '2026-10-02T14:00:00.000Z',
            apt_date: '2026-10-02',
            start_time: '09:00:00',
            end_time: '09:30:00',
            reason_name: 'Exam',
            provider_name: 'Dr. Ben Brown',
          },
        ],
      }),
    );
    const section = within(panel).getByRole('heading', { name: 'Other bookings of this patient' }).parentElement!;
    expect(within(section).getByRole('listitem').textContent).toBe(
      'Friday, October 2, 2026, 9:00 AM · Exam · Dr. Ben Brown · No-show · reference K7M4PQR',
    );
  });

  it('says there are none', async () => {
    const panel = await openPanel(buildDetail());
    const section = within(panel).getByRole('heading', { name: 'Other bookings of this patient' }).parentElement!;
    expect(within(section).getByText('None.')).toBeDefined();
  });
});
