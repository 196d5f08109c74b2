import { cleanup, render } from '@testing-library/react';
import { StrictMode } from 'react';
import { MemoryRouter } from '../../lib/page-router.tsx';
import { afterEach, describe, expect, it } from 'vitest';
import { clearBookingStorage, useBookingStore } from './state/booking-store.ts';
import { useBookingSession } from './use-booking-session.ts';

afterEach(() => {
  cleanup();
  clearBookingStorage();
});

/** Records the booking each render shows once the hook says it is ready. */
function Probe({ shown }: { shown: string[] }) {
  const isReady = useBookingSession('bright-smile', null);
  const formUrl = useBookingStore((state) => state.formUrl);
  const page = useBookingStore((state) => state.patientFormPageNumber);
  if (isReady) shown.push(`${formUrl}@${page}`);
  return null;
}

describe('useBookingSession', () => {
  it("never shows another practice's stored booking, and starts afresh before anything shows (StrictMode)", () => {
    useBookingStore.getState().startSession('smile-group', null);
    useBookingStore.getState().setPage(5);
    const shown: string[] = [];
    const { rerender } = render(
      <StrictMode>
        <MemoryRouter initialEntries={['/bright-smile']}>
          <Probe shown={shown} />
        </MemoryRouter>
      </StrictMode>,
    );
    rerender(
      <StrictMode>
        <MemoryRouter initialEntries={['/bright-smile']}>
          <Probe shown={shown} />
        </MemoryRouter>
      </StrictMode>,
    );

    expect(shown.length).toBeGreaterThan(0);
    expect(new Set(shown)).toEqual(new Set(['bright-smile@1']));
    expect(useBookingStore.getState().formUrl).toBe('bright-smile');
  });
});
