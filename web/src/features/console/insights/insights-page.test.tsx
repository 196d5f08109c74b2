import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Funnel } from '#domain/insights/funnel-schemas.ts';
import { callsTo, expectNoAxeViolations, renderConsole, serveConsole, tableCells } from '../console-test-kit.tsx';

function buildFunnel(from: string, to: string): Funnel {
  const reached = [0, 10, 6, 5, 5, 4, 3, 3];
  const left = [0, 4, 1, 0, 1, 1, 0, 0];
  const steps = (
    ['location', 'patient-type', 'reason', 'provider', 'slot', 'contact', 'verify', 'booked'] as const
  ).map((step, i) => ({ step, reached: reached[i]!, left: left[i]! }));
  return {
    from,
    to,
    visits: 10,
    steps,
    booked: 3,
    conversion: 0.3,
    median_seconds_to_book: 95,
    last_step_before_leaving: 'patient-type',
    by_source: [
      { source: 'google', campaign: 'spring', visits: 7, booked: 1 },
      { source: null, campaign: null, visits: 3, booked: 2 },
    ],
    bookings: {
      by_reason: [{ reason: 'Exam', count: 4 }],
      by_provider: [{ provider: 'Dr. One', count: 4 }],
      by_weekday: [
        { weekday: 1, count: 3 },
        { weekday: 5, count: 1 },
      ],
    },
  };
}

describe('the insights page', () => {
  it('shows the last 30 days’ funnel as bars and tables, and another range on asking', async () => {
    const user = userEvent.setup();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T18:00:00Z'));
    const calls = serveConsole(
      {},
      {
        'GET /api/v1/staff/insights/funnel': (call) => ({
          result: buildFunnel(call.search.get('from')!, call.search.get('to')!),
        }),
      },
    );
    renderConsole('/console/insights');
    const steps = await screen.findByRole('table', { name: 'Steps from 2026-10-27 to 2026-11-25' });
    expect(tableCells(steps).slice(0, 3)).toEqual([
      ['Location', '0', '0'],
      ['New or returning', '10', '4'],
      ['Reason for visit', '6', '1'],
    ]);
    expect(screen.getByText('30 %')).toBeInTheDocument();
    expect(screen.getByText('1 min 35 s')).toBeInTheDocument();
    expect(screen.getByText('Most visits that did not book left at: New or returning')).toBeInTheDocument();
    const chart = screen.getByRole('figure', { name: 'Funnel chart' });
    expect(within(chart).getByText('6 (60 %)')).toBeInTheDocument();
    expect(tableCells(screen.getByRole('table', { name: 'Visits by source and campaign' }))).toEqual([
      ['google', 'spring', '7', '1'],
      ['(none)', '(none)', '3', '2'],
    ]);
    expect(tableCells(screen.getByRole('table', { name: 'Bookings by weekday of the visit' }))).toEqual([
      ['Monday', '3'],
      ['Friday', '1'],
    ]);
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Insights' })).toBeInTheDocument();
    await expectNoAxeViolations();

    const days = screen.getByRole('form', { name: 'Days shown' });
    await user.clear(within(days).getByLabelText('From'));
    await user.type(within(days).getByLabelText('From'), '2026-11-01');
    await user.click(within(days).getByRole('button', { name: 'Show' }));
    await screen.findByRole('table', { name: 'Steps from 2026-11-01 to 2026-11-25' });
    expect(callsTo(calls, '/api/v1/staff/insights/funnel').map((call) => call.search.toString())).toEqual([
      'from=2026-10-27&to=2026-11-25',
      'from=2026-11-01&to=2026-11-25',
    ]);
  });

  it('is in the navigation for an owner and not for a front desk', async () => {
    serveConsole({ permissions: ['schedule', 'bookings', 'feedback'] }, {});
    renderConsole('/console');
    const nav = await screen.findByRole('navigation');
    expect(within(nav).queryByRole('link', { name: 'Insights' })).toBeNull();
  });
});
