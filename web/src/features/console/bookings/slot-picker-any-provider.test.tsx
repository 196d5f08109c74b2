import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSession, serveConsole } from '../console-test-kit.tsx';
import { StaffSessionContext } from '../staff-session-context.ts';
import { SlotPicker, useSlotPick } from './slot-picker.tsx';

const PROVIDERS = [
  { pms_prov_num: 1, name: 'Dr. Ada Adams' },
  { pms_prov_num: 2, name: 'Dr. Ben Brown' },
];

function Picker() {
  const pick = useSlotPick({ reasonId: 'reason-1' }, { date: '2026-11-25' });
  return <SlotPicker pick={pick} providers={PROVIDERS} />;
}

// "Any provider" lists every free provider at a time (ADR 0066): each is a choice of its own, named.
describe('the console’s slot picker with any provider', () => {
  it('offers each free provider at one time as its own choice', async () => {
    const at = (ProvNum: number) => ({
      DateTimeStart: '2026-11-25 10:00:00',
      DateTimeEnd: '2026-11-25 10:30:00',
      ProvNum,
      OpNum: 10 + ProvNum,
    });
    serveConsole({}, { 'GET /api/v1/staff/slots': () => ({ result: [at(1), at(2)] }) });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <StaffSessionContext.Provider value={buildSession()}>
          <Picker />
        </StaffSessionContext.Provider>
      </QueryClientProvider>,
    );
    const times = await screen.findByRole('group', { name: 'Free times' });
    expect(
      within(times)
        .getAllByRole('radio')
        .map((radio) => radio.parentElement!.textContent),
    ).toEqual(['10:00 AM, Dr. Ada Adams', '10:00 AM, Dr. Ben Brown']);
  });
});
