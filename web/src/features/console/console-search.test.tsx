import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StaffPermission } from '#domain/staff/staff-roles.ts';
import {
  buildAppointment,
  buildDetail,
  buildSchedule,
  expectNoAxeViolations,
  renderConsole,
  serveConsole,
} from './console-test-kit.tsx';

function serveSearch(permissions?: StaffPermission[]) {
  return serveConsole(
    { permissions },
    {
      'GET /api/v1/staff/appointments': () => ({ result: buildSchedule({ appointments: [] }) }),
      'GET /api/v1/staff/search': (call) =>
        (call.search.get('q') ?? '').trim().length < 2
          ? { status: 400, error: { code: 'VALIDATION_ERROR', message: 'q must be at least 2 characters' } }
          : {
              result: {
                kind: 'name',
                appointments: [
                  buildAppointment({
                    id: 'apt-7',
                    reference: 'BK-1007',
                    apt_date: '2026-12-02',
                    start_time: '14:30:00',
                    status: 'confirmed',
                    payment: 'paid',
                    reason: { id: 'r2', name: 'Filling' },
                  }),
                ],
              },
            },
      'GET /api/v1/staff/appointments/apt-7': () => ({ result: buildDetail({ id: 'apt-7', reference: 'BK-1007' }) }),
    },
  );
}

describe('the booking search', () => {
  it('focuses on "/", lists what the server found with its badges, and opens a result’s details', async () => {
    const user = userEvent.setup();
    const calls = serveSearch();
    renderConsole('/console?date=2026-11-25');
    const field = await screen.findByRole('searchbox', { name: 'Search bookings' });
    await user.keyboard('/');
    expect(document.activeElement).toBe(field);

    await user.clear(field);
    await user.type(field, 'doe');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search results for “doe”' });
    const result = await within(dialog).findByRole('button', { name: /Jane Doe/ });
    expect(result.textContent).toBe('Jane Doe, Wednesday, December 2, 2:30 PM · Filling · BK-1007, Confirmed, Paid');
    expect(calls.find((call) => call.path === '/api/v1/staff/search')!.search.get('q')).toBe('doe');
    await expectNoAxeViolations();

    await user.click(result);
    const panel = await screen.findByRole('dialog', { name: 'Jane Doe' });
    expect(await within(panel).findByText(/reference BK-1007/)).toBeInTheDocument();
    await user.keyboard('{Escape}');
    // Back on the results, focus on the result that opened it.
    expect(screen.queryByRole('dialog', { name: 'Jane Doe' })).not.toBeInTheDocument();
    await vi.waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: /Jane Doe/ })),
    );
  });

  it('shows the server’s message for a query too short', async () => {
    const user = userEvent.setup();
    serveSearch();
    renderConsole('/console');
    const field = await screen.findByRole('searchbox', { name: 'Search bookings' });
    await user.clear(field);
    await user.type(field, 'd{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('q must be at least 2 characters');
  });

  it('is not offered without the bookings permission', async () => {
    serveSearch(['schedule', 'feedback']);
    renderConsole('/console');
    await screen.findByRole('navigation', { name: 'Console' });
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });
});
