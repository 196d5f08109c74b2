import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render-routes.tsx';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';
import { buildClinic, buildFormDetails } from '../test/practice-factories.ts';

const fetchMock = vi.fn<typeof fetch>();
vi.stubGlobal('fetch', fetchMock);
afterEach(() => {
  cleanup();
  sessionStorage.clear();
  fetchMock.mockReset();
  document.title = '';
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers the API like the server: the form details of `form`, its clinics, and 404 for anything else. */
function serve(form: FormDetails | null, clinics = [buildClinic()]) {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (form && url.pathname === `/api/v1/form/${form.form_url}`) return json(200, { success: true, result: form });
    if (url.pathname === '/api/v1/clinic') return json(200, { success: true, result: clinics });
    const slug = url.pathname.split('/').pop() ?? '';
    return json(404, {
      success: false,
      code: 'NOT_FOUND',
      message: `We could not find a booking form at "${slug}". Please check the link.`,
    });
  });
}

function renderAt(path: string) {
  renderApp(path);
}

describe('/:formUrl', () => {
  it('shows the skeleton, then the side panel, the first step and the footer, and sets the title', async () => {
    serve(buildFormDetails());
    renderAt('/bright-smile?referrer_id=ref-1');
    expect(screen.getByRole('status', { name: 'Loading the booking form' })).toBeInTheDocument();

    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Please select patient type');
    expect(screen.queryByRole('status', { name: 'Loading the booking form' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('complementary')).getByRole('heading', { level: 1 }).textContent).toBe(
      'Bright Smile Dental',
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const footer = screen.getByRole('contentinfo');
    expect(footer.querySelector('p')?.textContent).toBe('Powered by Chairtime | Terms of Service');
    expect(within(footer).getByRole('navigation', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toMatch(/^\/terms/);
    expect(document.title).toBe('Book appointment with Bright Smile Dental - Chairtime');
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/v1/form/bright-smile?referrer_id=ref-1');
  });

  it('shows only the not-accepting sentence when the practice is not accepting patients', async () => {
    serve(buildFormDetails({ is_accepting_patients: false }));
    renderAt('/bright-smile');
    await screen.findByText('This practice is currently not accepting any appointments.');
    expect(screen.getByRole('main').textContent).toBe('This practice is currently not accepting any appointments.');
  });

  it('starts with the location step for a multi-clinic practice with no clinic_num or rfv', async () => {
    serve(buildFormDetails({ clinic_set_up: true }));
    renderAt('/bright-smile');
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe(
      'Please select your preferred location',
    );
  });

  it('uses the clinic preselected by clinic_num in the side panel', async () => {
    serve(buildFormDetails({ clinic_set_up: true }), [
      buildClinic(),
      buildClinic({ pms_clinic_num: 2, pms_address1: '9 North Rd', display_phone: '5125550122' }),
    ]);
    renderAt('/bright-smile?clinic_num=2');
    expect((await screen.findByRole('heading', { level: 2 })).textContent).toBe('Please select patient type');
    const panel = screen.getByRole('complementary');
    expect((await within(panel).findByRole('link')).textContent).toBe('(512) 555-0122');
    expect(panel.textContent).toContain('9 North Rd');
  });

  it("shows the 404 page with the server's message when the form fails to load", async () => {
    serve(null);
    renderAt('/no-such-practice');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('ERROR!');
    expect(
      screen.getByText('We could not find a booking form at "no-such-practice". Please check the link.'),
    ).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('other routes', () => {
  it('an unknown path is the 404 page', async () => {
    serve(null);
    renderAt('/a/b/c');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('ERROR!');
    expect(screen.getByText('Page Not Found')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('/ is the page that says what this server is (ADR 0065)', async () => {
    serve(null);
    renderAt('/');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Chairtime');
    expect(screen.getByText('Online appointment booking for dental practices.')).toBeInTheDocument();
  });

  it("a path under a practice that is no page of it is the 404 page in the practice's branding and title", async () => {
    serve(buildFormDetails({ form_customization: { brand_color: '#0f4c5c', button_color_1: '', button_color_2: '' } }));
    renderAt('/bright-smile/nothing-here');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('ERROR!');
    expect(screen.getByText('Page Not Found')).toBeInTheDocument();
    const panel = screen.getByRole('complementary', { name: 'Practice information' });
    expect(panel.style.backgroundColor).toBe('rgb(15, 76, 92)');
    expect(panel.textContent).toContain('Bright Smile Dental');
    expect(within(panel).getByRole('link').textContent).toBe('(512) 555-0100');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(document.title).toBe('Page Not Found - Bright Smile Dental - Chairtime');
  });

  it('a path under an unknown practice is the plain 404 page', async () => {
    serve(null);
    renderAt('/no-such-practice/nothing-here');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('ERROR!');
    expect(screen.getByText('Page Not Found')).toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });

  it('loads the payment-failed page with its spec texts', async () => {
    renderAt('/bright-smile/payment-failed');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Payment Failed');
    expect(screen.getByText('Your appointment is booked but the payment is not completed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the booking form' }).getAttribute('href')).toBe('/bright-smile');
  });

  it.each([
    ['/review/feedback', 'Feedback Form'],
    ['/review/abc123', 'Thank you for choosing us, Ana Lopez'],
    ['/bright-smile/payment-success', 'Payment status'],
  ])('%s has its own page', async (path, heading) => {
    fetchMock.mockImplementation(async (input) =>
      String(input).startsWith('/api/v1/form/')
        ? json(404, { success: false, code: 'NOT_FOUND', message: 'No form.' })
        : json(200, {
            success: true,
            result: {
              patient_first_name: 'Ana',
              patient_last_name: 'Lopez',
              request_id: 'req_1',
              form_url: 'bright-smile',
              has_review_url: true,
            },
          }),
    );
    renderAt(path);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(heading);
  });
});
