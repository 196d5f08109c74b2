import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '../lib/page-router.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-routes.tsx';
import { clearBookingStorage, useBookingStore } from '../features/booking/state/booking-store.ts';
import { buildClinic, buildFormDetails } from '../test/practice-factories.ts';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  cleanup();
  clearBookingStorage();
  fetchMock.mockReset();
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const FORM = buildFormDetails({
  form_url: 'smile-group',
  name: 'Smile Group Dental',
  clinic_set_up: true,
  address_line1: '200 Park Ave',
  phone: '2125550140',
});
const CLINICS = [
  buildClinic({
    pms_clinic_num: 1,
    display_name: 'Smile Group Midtown',
    pms_address1: '200 Park Ave',
    display_phone: '2125550140',
  }),
  buildClinic({
    id: '9a1b2c3d-0000-4000-8000-000000000002',
    pms_clinic_num: 2,
    display_name: 'Smile Group Brooklyn',
    pms_address1: '85 Court St',
    display_phone: '7185550150',
  }),
];

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderAt(path: string) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/form/smile-group') return json(200, { success: true, result: FORM });
    if (url.pathname === '/api/v1/clinic') return json(200, { success: true, result: CLINICS });
    return json(200, { success: true, result: [] });
  });
  renderApp(path, <Search />);
}

const panel = () => screen.getByRole('complementary', { name: 'Practice information' });

describe('the multi-clinic practice', () => {
  it('shows the practice on the location screen, then the chosen clinic with its address', async () => {
    const user = userEvent.setup();
    renderAt('/smile-group');
    await screen.findByRole('heading', { level: 2, name: 'Please select your preferred location' });
    expect(panel().textContent).toContain('200 Park Ave');
    expect(within(panel()).getByRole('link').textContent).toBe('(212) 555-0140');

    await user.click(
      within((await screen.findAllByRole('article'))[1]!).getByRole('button', { name: 'Book Appointment' }),
    );
    await screen.findByRole('heading', { level: 2, name: 'Please select patient type' });
    expect(panel().querySelector('[data-testid="panel-clinic"]')!.textContent).toContain('Smile Group Brooklyn');
    expect(panel().textContent).toContain('85 Court St');
    expect(within(panel()).getByRole('link').textContent).toBe('(718) 555-0150');

    await user.click(within(panel()).getByRole('button', { name: 'Change location' }));
    await screen.findByRole('heading', { level: 2, name: 'Please select your preferred location' });
    expect(panel().querySelector('[data-testid="panel-clinic"]')).toBeNull();
  });

  it('lets a patient who came with clinic_num change location, though page 1 has no Back', async () => {
    const user = userEvent.setup();
    renderAt('/smile-group?clinic_num=2&referrer_id=ref-9');
    await screen.findByRole('heading', { level: 2, name: 'Please select patient type' });
    expect(await within(panel()).findByText('Smile Group Brooklyn')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Back' })).not.toBeInTheDocument();

    await user.click(within(panel()).getByRole('button', { name: 'Change location' }));
    await screen.findByRole('heading', { level: 2, name: 'Please select your preferred location' });
    expect(screen.getByTestId('search').textContent).toBe('?referrer_id=ref-9');
    expect(useBookingStore.getState().clinicDetails).toBeNull();
    expect(panel().querySelector('[data-testid="panel-clinic"]')).toBeNull();

    await user.click(
      within((await screen.findAllByRole('article'))[0]!).getByRole('button', { name: 'Book Appointment' }),
    );
    await screen.findByRole('heading', { level: 2, name: 'Please select patient type' });
    expect(within(panel()).getByText('Smile Group Midtown')).toBeInTheDocument();
  });
});
