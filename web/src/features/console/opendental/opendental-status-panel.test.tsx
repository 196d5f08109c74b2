import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsTo, PRACTICE, renderConsole, serveConsole } from '../console-test-kit.tsx';
import { lagText } from './opendental-status-panel.tsx';

const ON_OPEN_DENTAL = { ...PRACTICE, builtin_schedule: false };
const STATUS_PATH = '/api/v1/staff/opendental/status';

// The kit's practice is in Chicago: 15:05 UTC on 25 November 2026 is 9:05 AM there.
describe('the console’s Open Dental sync note (ADR 0071)', () => {
  it('shows when the mirror was refreshed, how far behind it is and the last error', async () => {
    const calls = serveConsole(
      { practice: ON_OPEN_DENTAL, practices: [ON_OPEN_DENTAL] },
      {
        [`GET ${STATUS_PATH}`]: () => ({
          result: {
            last_refreshed_at: '2026-11-25T15:05:00.000Z',
            lag_seconds: 190,
            last_error: 'The eConnector is not running at the office.',
          },
        }),
      },
    );
    renderConsole('/console');
    const panel = await screen.findByRole('region', { name: 'Open Dental sync' });
    expect(panel.textContent).toBe(
      'Open Dental: refreshed 2026-11-25 9:05 AM, 3 min behindLast error: The eConnector is not running at the office.',
    );
    // Read on its own, never the person's doing: it must not keep the session from idling out.
    expect(callsTo(calls, STATUS_PATH).map((call) => call.headers.get('X-Console-Poll'))).toEqual(['1']);
  });

  it('says the first sync is under way before the mirror was ever refreshed', async () => {
    serveConsole(
      { practice: ON_OPEN_DENTAL, practices: [ON_OPEN_DENTAL] },
      { [`GET ${STATUS_PATH}`]: () => ({ result: { last_refreshed_at: null, lag_seconds: null, last_error: null } }) },
    );
    renderConsole('/console');
    const panel = await screen.findByRole('region', { name: 'Open Dental sync' });
    expect(panel.textContent).toBe('Open Dental: first sync under way');
  });

  it('shows nothing when the server says the practice is not on Open Dental (404)', async () => {
    const calls = serveConsole({ practice: ON_OPEN_DENTAL, practices: [ON_OPEN_DENTAL] }, {});
    renderConsole('/console');
    await waitFor(() => expect(callsTo(calls, STATUS_PATH)).toHaveLength(1));
    await screen.findByRole('navigation');
    expect(screen.queryByRole('region', { name: 'Open Dental sync' })).toBeNull();
  });

  it('does not ask at all for a practice on the built-in schedule', async () => {
    const calls = serveConsole({}, {});
    renderConsole('/console');
    await waitFor(() => expect(callsTo(calls, '/api/v1/staff/appointments').length).toBeGreaterThan(0));
    expect(callsTo(calls, STATUS_PATH)).toEqual([]);
  });

  it('words the lag in seconds, minutes or hours', () => {
    expect([45, 60, 3599, 3600, 7500].map(lagText)).toEqual(['45 s', '1 min', '59 min', '1 h', '2 h 5 min']);
  });
});
