import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildDetail, openBookingPanel } from '../console-test-kit.tsx';

const openPanel = async (detail: ReturnType<typeof buildDetail>) =>
  (await openBookingPanel(userEvent.setup(), detail)).panel;

// The kit's practice is in Chicago: 15:05 UTC on 25 November 2026 is 9:05 AM there.
describe('the booking panel’s texts from the patient (ADR 0066)', () => {
  it('shows each reply with when it came, in the practice’s zone', async () => {
    const panel = await openPanel(
      buildDetail({
        replies: [{ id: 't1', received_at: '2026-11-25T15:05:00.000Z', body: 'Running 10 minutes late' }],
      }),
    );
    const section = within(panel).getByRole('heading', { name: 'Texts from the patient' }).parentElement!;
    expect(within(section).getByRole('listitem').textContent).toBe('2026-11-25 9:05 AM: Running 10 minutes late');
  });

  it('says there are none', async () => {
    const panel = await openPanel(buildDetail());
    const section = within(panel).getByRole('heading', { name: 'Texts from the patient' }).parentElement!;
    expect(within(section).getByText('None.')).toBeDefined();
  });
});
