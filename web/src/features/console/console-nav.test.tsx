import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, buildSchedule, buildSession, renderConsole, serveStaffApi } from './console-test-kit.tsx';

describe('the feedback badge', () => {
  it('reads the open count again every 60 s as a poll, so new feedback shows without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let openCount = 0;
    const calls = serveStaffApi({
      'GET /api/v1/staff/session': () => ({ result: buildSession() }),
      'GET /api/v1/staff/appointments': () => ({ result: buildSchedule() }),
      'GET /api/v1/staff/requests': () => ({ result: { requests: [], total: 0, limit: 200, providers: [] } }),
      'GET /api/v1/staff/feedback': () => ({ result: { feedback: [], open_count: openCount } }),
    });
    renderConsole('/console?date=2026-11-25');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    await waitFor(() => expect(calls.some((call) => call.path === '/api/v1/staff/feedback')).toBe(true));
    expect(within(nav).getByRole('link', { name: 'Feedback' })).toBeInTheDocument();

    openCount = 2;
    await vi.advanceTimersByTimeAsync(59_000);
    expect(within(nav).queryByRole('link', { name: 'Feedback 2 open' })).not.toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await within(nav).findByRole('link', { name: 'Feedback 2 open' })).toBeInTheDocument();

    const reads = callsTo(calls, '/api/v1/staff/feedback');
    expect(reads).toHaveLength(2);
    // The first read came with the console's opening; the refresh is nobody's doing and does not keep
    // the session alive.
    expect(reads[0]!.headers.get('X-Console-Poll')).toBeNull();
    expect(reads[1]!.headers.get('X-Console-Poll')).toBe('1');
  });
});
