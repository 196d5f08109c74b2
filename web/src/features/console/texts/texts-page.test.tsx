import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderConsole, serveConsole } from '../console-test-kit.tsx';

// The kit's practice is in Chicago: 15:05 UTC on 25 November 2026 is 9:05 AM there.
describe('the console’s texts from patients (ADR 0066)', () => {
  it('lists each text with its patient and booking, or the number when no booking was found', async () => {
    serveConsole(
      {},
      {
        'GET /api/v1/staff/texts': () => ({
          result: [
            {
              id: 't2',
              received_at: '2026-11-25T15:05:00.000Z',
              from: '+15125550177',
              body: 'Running 10 minutes late',
              booking: { id: 'apt-1', reference: 'BK-1001', first_name: 'Rosa', last_name: 'Diaz' },
            },
            {
              id: 't1',
              received_at: '2026-11-25T14:00:00.000Z',
              from: '+15125550188',
              body: 'Who is this?',
              booking: null,
            },
          ],
        }),
      },
    );
    renderConsole('/console/texts');
    await screen.findByRole('heading', { name: 'Texts from patients' });
    const items = await within(screen.getByRole('main')).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '2026-11-25 9:05 AM · Rosa Diaz, booking BK-1001Running 10 minutes late',
      expect.stringMatching(/^2026-11-25 8:00 AM · .*555.*0188, no booking foundWho is this\?$/),
    ]);
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Texts' })).toBeDefined();
  });
});
