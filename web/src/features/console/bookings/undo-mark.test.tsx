import { cleanup, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildDetail, openBookingPanel } from '../console-test-kit.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ARRIVED = buildDetail({ status: 'arrived', actions: { ...buildDetail().actions, arrived: false, undo: true } });

describe('undoing an arrival from the booking panel', () => {
  it('offers "Undo arrived", posts the undo, and shows the booking as the server answers', async () => {
    const user = userEvent.setup();
    const { panel, calls } = await openBookingPanel(user, ARRIVED, {
      'POST /api/v1/staff/appointments/apt-1/undo': () => ({ result: buildDetail() }),
    });
    await user.click(await within(panel).findByRole('button', { name: 'Undo arrived' }));
    await within(panel).findByText('Undone: the booking is as it was before the mark.');
    const post = calls.find((call) => call.method === 'POST')!;
    expect([post.path, post.body, post.headers.get('X-CSRF-Token')]).toEqual([
      '/api/v1/staff/appointments/apt-1/undo',
      {},
      'csrf-token-1',
    ]);
    await waitFor(() => expect(within(panel).queryByRole('button', { name: 'Undo arrived' })).not.toBeInTheDocument());
    expect(within(panel).getByRole('button', { name: 'Arrived' })).toBeInTheDocument();
  });

  it('offers no undo when the server allows none', async () => {
    const user = userEvent.setup();
    const { panel } = await openBookingPanel(user, { ...ARRIVED, actions: { ...ARRIVED.actions, undo: false } });
    await within(panel).findByText('Delta Dental');
    expect(within(panel).queryByRole('button', { name: /Undo/ })).not.toBeInTheDocument();
  });
});
