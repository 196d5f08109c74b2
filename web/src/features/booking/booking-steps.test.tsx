import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '../../lib/page-router.tsx';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PATIENT_STATUSES } from '#domain/booking/booking-schemas.ts';
import type { ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import { TOOLTIP_DELAY_MS } from '../../components/ui/text-tooltip.tsx';
import { loadTooltipModule } from '../../components/ui/tooltip-module.ts';
import { buildProvider, buildReason } from '../../test/booking-factories.ts';
import { buildFormDetails } from '../../test/practice-factories.ts';
import { BookingScreen } from './booking-screen.tsx';
import { AUTO_ADVANCE_MS } from './navigation/step-actions.ts';
import { clearBookingStorage, useBookingStore } from './state/booking-store.ts';
import { PATIENT_TYPE_OPTIONS } from './steps/patient-type-step.tsx';
import { QueryProviders } from '../../test/query-providers.tsx';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  clearBookingStorage();
});

/** A provider known by a display name alone (p1 is number 1, p2 number 2). */
const displayNamed = (id: 'p1' | 'p2', name: string) =>
  buildProvider({
    provider_id: id,
    pms_prov_num: Number(id.slice(1)),
    provider_display_name: name,
    provider_first_name: null,
    provider_last_name: null,
  });

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderScreen(reasons: ReasonForVisit[], path = '/bright-smile', form = buildFormDetails()) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/reason-for-visit') return json({ success: true, result: reasons });
    return json({ success: true, result: [] });
  });
  render(
    <QueryProviders>
      <MemoryRouter initialEntries={[path]}>
        <BookingScreen form={form} />
      </MemoryRouter>
    </QueryProviders>,
  );
}

describe('page 1', () => {
  it('offers exactly the spec statuses', () => {
    expect(PATIENT_TYPE_OPTIONS).toEqual(PATIENT_STATUSES);
  });

  it('jumps to the slot step when one reason matches and it shows no providers (spec section 4)', async () => {
    const onlyForReturning = buildReason({
      id: 'r-follow-up',
      name: 'Follow-up Visit',
      for_new_patients: false,
      to_show_providers: false,
    });
    renderScreen([buildReason({ for_returning_patients: false }), onlyForReturning]);
    expect(screen.getByText('Step 1')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();
    expect((screen.getByRole('button', { name: 'Next' }) as HTMLButtonElement).disabled).toBe(true);

    screen.getByRole('button', { name: 'Returning Patient' }).click();
    await screen.findByRole('status', { name: 'Loading' });
    await waitFor(() => expect(useBookingStore.getState().patientFormPageNumber).toBe(4), {
      timeout: AUTO_ADVANCE_MS * 5,
    });
    const details = useBookingStore.getState().patientFormDetails;
    expect(details.reasonForVisit?.id).toBe('r-follow-up');
    expect(details.providerDetails?.pms_prov_num).toBe(0);
    expect(details.basicDetailsData.patientStatus).toBe('Returning Patient');
  });

  it('goes to the reason step when several reasons match', async () => {
    renderScreen([buildReason(), buildReason({ id: 'r2', name: 'Exam' })]);
    screen.getByRole('button', { name: 'New Patient' }).click();
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: 'Please select the reason for your visit' },
        { timeout: 2_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Step 2')).toBeInTheDocument();
    const cards = screen.getByRole('group', { name: 'Reason for visit' });
    expect(within(cards).getByRole('button', { name: /^Cleaning/ }).textContent).toBe('Cleaning45 minutes');
  });

  it('says so when no reason is offered for the status', async () => {
    renderScreen([buildReason({ for_new_patients: false })]);
    screen.getByRole('button', { name: 'New Patient' }).click();
    expect(
      await screen.findByText(
        'We apologize, but we are currently unable to accept appointments for the status.',
        undefined,
        { timeout: 2_000 },
      ),
    ).toBeInTheDocument();
  });
});

describe('location choice', () => {
  it("says 'No data' when a multi-clinic practice lists no clinics", async () => {
    renderScreen([], '/bright-smile', buildFormDetails({ clinic_set_up: true }));
    expect(
      await screen.findByRole(
        'heading',
        { level: 2, name: 'Please select your preferred location' },
        { timeout: 2_000 },
      ),
    ).toBeInTheDocument();
    expect(await screen.findByText('No data')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Book Appointment' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('clinic'))).toBe(true);
  });
});

describe('page 3', () => {
  // The cards wait for the tooltip code: fetch (and transform) it once, outside the tests' timeouts.
  beforeAll(async () => {
    await loadTooltipModule();
  }, 60_000);

  it('cuts names over 24 characters (whole for screen readers) and appends the earliest-available choice', async () => {
    const longName = 'Dr. Bartholomew Featherstonehaugh';
    const reason = buildReason({
      providers: [displayNamed('p1', longName), buildReason().providers[1]!],
    });
    useBookingStore.getState().startSession('bright-smile', null);
    useBookingStore.getState().chooseStatus('New Patient', new Date());
    useBookingStore.getState().saveReason(reason);
    useBookingStore.getState().setPage(3);
    renderScreen([reason]);
    const card = await screen.findByRole('button', { name: longName }, { timeout: 2_000 });
    expect(card.querySelector('[aria-hidden="true"]:not(svg)')?.textContent).toBe('Dr. Bartholomew Feathers…');
    expect(screen.getByRole('button', { name: 'Ben Carter' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Select Earliest Available Provider' })).toBeInTheDocument();
    expect(screen.getByText('Step 3')).toBeInTheDocument();
  });
});

describe('page 3 tooltips (spec section 9)', () => {
  beforeAll(() => {
    // Radix positions the tooltip with a ResizeObserver, which jsdom lacks.
    globalThis.ResizeObserver ??= class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  });

  // jsdom has no layout, so the grace area Radix keeps while the pointer travels from a card to its tooltip is
  // empty: the first move over the next card closes the open tooltip, the one after it opens the next card's.
  const moveOnto = async (user: ReturnType<typeof userEvent.setup>, element: Element) => {
    await user.hover(element);
    await user.pointer([
      { target: element, coords: { clientX: 50, clientY: 50 } },
      { target: element, coords: { clientX: 60, clientY: 60 } },
    ]);
  };
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('opens the full name after the 700 ms delay, then moves between cards within the 300 ms skip delay', async () => {
    const first = 'Dr. Bartholomew Featherstonehaugh';
    const second = 'Dr. Maximiliana Worthington-Smythe';
    const reason = buildReason({
      providers: [displayNamed('p1', first), displayNamed('p2', second)],
    });
    useBookingStore.getState().startSession('bright-smile', null);
    useBookingStore.getState().chooseStatus('New Patient', new Date());
    useBookingStore.getState().saveReason(reason);
    useBookingStore.getState().setPage(3);
    renderScreen([reason]);
    await screen.findByRole('button', { name: first }, { timeout: 2_000 });
    // The tooltip code is lazy: wait until the card is a Radix trigger.
    await waitFor(() => expect(screen.getByRole('button', { name: first }).getAttribute('data-state')).toBe('closed'));
    const card1 = screen.getByRole('button', { name: first });
    expect(card1.querySelector('[aria-hidden="true"]:not(svg)')?.textContent).toBe('Dr. Bartholomew Feathers…');

    const user = userEvent.setup();
    const hoveredAt = performance.now();
    await user.hover(card1);
    await sleep(TOOLTIP_DELAY_MS / 2);
    expect(screen.queryByRole('tooltip')).toBeNull();
    const tooltip = await screen.findByRole('tooltip', undefined, { timeout: TOOLTIP_DELAY_MS * 4 });
    expect(performance.now() - hoveredAt).toBeGreaterThanOrEqual(TOOLTIP_DELAY_MS - 50);
    expect(tooltip.textContent).toBe(first);

    // One shared provider: the next card's tooltip opens at once, not after another 700 ms.
    // (With a provider per tooltip the second would wait TOOLTIP_DELAY_MS again and this check fail.)
    await moveOnto(user, screen.getByRole('button', { name: second }));
    expect(screen.getByRole('tooltip').textContent).toBe(second);
  });
});
