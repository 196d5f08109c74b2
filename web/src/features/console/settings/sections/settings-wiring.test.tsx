import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubCanvas } from '../../settings-media/image-canvas.test-data.ts';
import { callsTo, renderConsole, serveConsole, type ApiCall, type ApiHandler } from '../../console-test-kit.tsx';
import { buildSettings, FRONT_DESK_PERMISSIONS, settingsRoutes } from '../settings.test-data.ts';

const PHOTO_URL = '/media/11111111-1111-4111-8111-111111111111/22222222-2222-4222-8222-222222222222.webp';
const LOGO_URL = '/media/11111111-1111-4111-8111-111111111111/33333333-3333-4333-8333-333333333333.webp';
const STRANDED = [
  { id: 'b1', reference: 'K7M2Q9P', apt_date: '2026-12-24', start_time: '10:00', patient_name: 'Jane Doe' },
];

const putBodies = (calls: ApiCall[]) =>
  callsTo(calls, '/api/v1/staff/settings')
    .filter((call) => call.method === 'PUT')
    .map((call) => call.body as { practice: Record<string, unknown>; confirm_stranded: boolean });
const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Save the settings' }));
const aPicture = () => new File([new Uint8Array([1, 2, 3])], 'me.png', { type: 'image/png' });
const uploadAnswering =
  (url: string): ApiHandler =>
  () => ({
    result: { url, content_type: 'image/webp', width: 200, height: 200, bytes: 300 },
  });

describe('the settings page’s pieces of ADR 0084', () => {
  it('lets the front desk mark a closure as every year, and leaves `yearly` out when it is unmarked', async () => {
    const user = userEvent.setup();
    const practice = buildSettings({
      closures: [
        { date: '2026-12-25', name: 'Christmas Day' },
        { date: '2027-01-01', name: 'New Year', yearly: true },
      ],
    } as never);
    const calls = serveConsole({ permissions: [...FRONT_DESK_PERMISSIONS] }, settingsRoutes(practice, 3));
    renderConsole('/console/settings');
    const closures = await screen.findByRole('region', { name: 'Closures' });
    const christmas = within(within(closures).getByRole('group', { name: 'Closure 1' }));
    const newYear = within(within(closures).getByRole('group', { name: 'Closure 2' }));
    expect(newYear.getByRole('checkbox', { name: 'Every year' })).toBeChecked();
    await user.click(christmas.getByRole('checkbox', { name: 'Every year' }));
    await user.click(newYear.getByRole('checkbox', { name: 'Every year' }));
    await save(user);
    await screen.findByText(/^Saved as version 4/);
    expect(putBodies(calls)[0]!.practice.closures).toEqual([
      { date: '2026-12-25', name: 'Christmas Day', yearly: true },
      { date: '2027-01-01', name: 'New Year' },
    ]);
  });

  it('switches a provider off for booking, and saves only when the owner confirms the stranded bookings', async () => {
    const user = userEvent.setup();
    const calls = serveConsole(
      {},
      settingsRoutes(buildSettings(), 3, (call) =>
        (call.body as { confirm_stranded: boolean }).confirm_stranded
          ? { result: { version: 4, changes: [] } }
          : {
              status: 409,
              error: { code: 'STRANDS_BOOKINGS', message: '1 booking(s) would be stranded.', stranded: STRANDED },
            },
      ),
    );
    renderConsole('/console/settings');
    const providers = await screen.findByRole('region', { name: 'Providers and chairs' });
    const ada = within(within(providers).getByRole('group', { name: 'Dr. Ada Adams' }));
    const offered = ada.getByRole('checkbox', { name: 'Offered for booking' });
    expect(offered).toBeChecked();
    await user.click(offered);
    await save(user);
    await screen.findByRole('table', { name: 'Bookings outside the new times' });
    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    await screen.findByText(/^Saved as version 4/);
    const bodies = putBodies(calls);
    expect(bodies.map((body) => body.confirm_stranded)).toEqual([false, true]);
    expect(bodies[1]!.practice.providers).toEqual([
      expect.objectContaining({ pms_prov_num: 1, is_active: false }),
      expect.not.objectContaining({ is_active: false }),
    ]);
  });

  it('uploads a provider’s photo and the logo, shows them, and saves their URLs with the settings', async () => {
    const user = userEvent.setup();
    stubCanvas({ width: 800, height: 800 }, [300, 300]);
    const calls = serveConsole(
      {},
      {
        ...settingsRoutes(buildSettings(), 3),
        'POST /api/v1/staff/settings/images': (call) =>
          uploadAnswering((call.body as { purpose: string }).purpose === 'logo' ? LOGO_URL : PHOTO_URL)(call),
      },
    );
    const { container } = renderConsole('/console/settings');
    await user.upload(await screen.findByLabelText('Photo of Dr. Ben Brown'), aPicture());
    await user.upload(screen.getByLabelText('Logo (kept with the next Save)'), aPicture());
    await vi.waitFor(() =>
      expect([...container.querySelectorAll('img')].map((img) => img.getAttribute('src'))).toEqual([
        PHOTO_URL,
        LOGO_URL,
      ]),
    );
    await save(user);
    await screen.findByText(/^Saved as version 4/);
    const [body] = putBodies(calls);
    expect(body!.practice.logo).toBe(LOGO_URL);
    expect(body!.practice.providers).toEqual([
      expect.not.objectContaining({ profile_pic: PHOTO_URL }),
      expect.objectContaining({ pms_prov_num: 2, profile_pic: PHOTO_URL }),
    ]);
    expect(
      callsTo(calls, '/api/v1/staff/settings/images').map((call) => (call.body as { purpose: string }).purpose),
    ).toEqual(['provider_photo', 'logo']);
  });

  it('asks Open Dental for a refresh, says it was queued and reads the mirror’s status again', async () => {
    const user = userEvent.setup();
    const practice = buildSettings({ pms: { type: 'opendental' } } as never);
    const calls = serveConsole(
      {},
      {
        ...settingsRoutes(practice, 3),
        'GET /api/v1/staff/opendental/status': () => ({
          result: { last_refreshed_at: '2026-11-27T10:00:00.000Z', lag_seconds: 60, last_error: null },
        }),
        'POST /api/v1/staff/opendental/refresh': () => ({
          status: 202,
          result: { queued_at: '2026-11-27T10:01:00.000Z' },
        }),
      },
    );
    renderConsole('/console/settings');
    const providers = await screen.findByRole('region', { name: 'Providers and chairs' });
    await within(providers).findByText(/^Last read from Open Dental:/);
    const statusReads = () => callsTo(calls, '/api/v1/staff/opendental/status').length;
    const readsBefore = statusReads();
    await user.click(within(providers).getByRole('button', { name: 'Refresh from Open Dental' }));
    expect(await within(providers).findByText(/^Refresh queued at/)).toBeInTheDocument();
    await vi.waitFor(() => expect(statusReads()).toBeGreaterThan(readsBefore));
    const [post] = callsTo(calls, '/api/v1/staff/opendental/refresh');
    expect(post!.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
  });
});
