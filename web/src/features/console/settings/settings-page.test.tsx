import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { callsTo, expectNoAxeViolations, renderConsole, serveConsole } from '../console-test-kit.tsx';
import { buildSettings, FRONT_DESK_PERMISSIONS, settingsRoutes } from './settings.test-data.ts';

const SETTINGS = '/api/v1/staff/settings';
const section = (name: string) => screen.getByRole('region', { name });
const saveButton = () => screen.getByRole('button', { name: 'Save the settings' });
const putBodies = (calls: ReturnType<typeof serveConsole>) =>
  callsTo(calls, SETTINGS)
    .filter((call) => call.method === 'PUT')
    .map((call) => call.body as { version: number; practice: Record<string, unknown>; confirm_stranded: boolean });

describe('the settings page', () => {
  it('shows an owner every section, linked from the nav', async () => {
    serveConsole({}, settingsRoutes(buildSettings(), 3));
    renderConsole('/console/settings');
    await screen.findByRole('heading', { name: 'Weekly hours and breaks' });
    for (const name of ['Closures', 'Provider time off', 'Reasons for visit', 'Providers and chairs', 'Clinic details'])
      expect(section(name)).toBeInTheDocument();
    for (const name of ['Branding', 'Policies', 'Preview the slots', 'Change history'])
      expect(section(name)).toBeInTheDocument();
    expect(within(screen.getByRole('navigation')).getByRole('link', { name: 'Settings' })).toBeInTheDocument();
    expect(within(section('Closures')).getByLabelText('Name')).toHaveValue('Christmas Day');
    await expectNoAxeViolations();
  });

  it('shows the front desk closures and time off only, and saves their time off with the loaded version', async () => {
    const user = userEvent.setup();
    const practice = buildSettings();
    const calls = serveConsole({ permissions: [...FRONT_DESK_PERMISSIONS] }, settingsRoutes(practice, 3));
    renderConsole('/console/settings');
    const timeOff = await screen.findByRole('region', { name: 'Provider time off' });
    expect(section('Closures')).toBeInTheDocument();
    for (const name of ['Weekly hours and breaks', 'Reasons for visit', 'Branding', 'Policies', 'Change history'])
      expect(screen.queryByRole('region', { name })).not.toBeInTheDocument();

    await user.click(within(timeOff).getByRole('button', { name: 'Add time off' }));
    const row = within(timeOff).getByRole('group', { name: 'Time off 1' });
    await user.selectOptions(within(row).getByLabelText('Provider'), 'Dr. Ben Brown');
    await user.type(within(row).getByLabelText('From'), '2026-12-01T08:00');
    await user.type(within(row).getByLabelText('Until'), '2026-12-05T18:00');
    await user.click(saveButton());

    expect(await screen.findByText('Saved as version 4. Patients see it at once.')).toBeInTheDocument();
    const [body] = putBodies(calls);
    expect(body).toEqual({
      version: 3,
      confirm_stranded: false,
      practice: { ...practice, time_off: [{ pms_prov_num: 2, start: '2026-12-01T08:00', end: '2026-12-05T18:00' }] },
    });
  });

  it('shows a 422’s problem beside the field its path names, linked to it, and moves the focus there', async () => {
    const user = userEvent.setup();
    const fields = { 'reasons[0].final_duration': 'must be a whole number of minutes, 5 or more' };
    serveConsole(
      {},
      settingsRoutes(buildSettings(), 3, (call) =>
        (call.body as { practice: { reasons: { final_duration: number }[] } }).practice.reasons[0]!.final_duration < 5
          ? { status: 422, error: { code: 'VALIDATION_FAILED', message: 'The settings have 1 problem(s).', fields } }
          : { result: { version: 3, changes: [] } },
      ),
    );
    renderConsole('/console/settings');
    const reasons = await screen.findByRole('region', { name: 'Reasons for visit' });
    const length = within(reasons).getByLabelText('Length in minutes');
    await user.clear(length);
    await user.type(length, '2');
    await user.click(saveButton());

    await screen.findByText('Fix these before saving:');
    expect(length).toHaveAttribute('aria-invalid', 'true');
    expect(length).toHaveAccessibleDescription('must be a whole number of minutes, 5 or more');
    expect(length).toHaveFocus();
    expect(screen.getByRole('link', { name: 'reasons[0].final_duration' })).toHaveAttribute('href', `#${length.id}`);

    // Put back as it was, the save changes nothing and keeps version 3: the problem goes all the same.
    await user.type(length, '0');
    await user.click(saveButton());
    await screen.findByText('Saved as version 3. Patients see it at once.');
    expect(length).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Fix these before saving:')).not.toBeInTheDocument();
  });

  it('says when someone else saved meanwhile, and reloads their version on asking', async () => {
    const user = userEvent.setup();
    let version = 3;
    const calls = serveConsole(
      {},
      {
        ...settingsRoutes(buildSettings(), 3, () => {
          version = 4;
          return { status: 409, error: { code: 'VERSION_CONFLICT', message: 'The settings were changed meanwhile.' } };
        }),
        'GET /api/v1/staff/settings': () => ({ result: { version, practice: buildSettings({ name: `V${version}` }) } }),
      },
    );
    renderConsole('/console/settings');
    await user.click(await screen.findByRole('button', { name: 'Save the settings' }));
    await screen.findByText(/Someone else saved the settings since you opened them/);
    await user.click(screen.getByRole('button', { name: 'Reload the settings' }));
    expect(await screen.findByDisplayValue('V4')).toBeInTheDocument();
    await user.click(saveButton());
    expect(putBodies(calls).map((body) => body.version)).toEqual([3, 4]);
  });

  it('lists the bookings a change would strand and saves only when the owner confirms', async () => {
    const user = userEvent.setup();
    const stranded = [
      { id: 'b1', reference: 'K7M2Q9P', apt_date: '2026-12-24', start_time: '10:00', patient_name: 'Jane Doe' },
    ];
    const calls = serveConsole(
      {},
      settingsRoutes(buildSettings(), 3, (call) =>
        (call.body as { confirm_stranded: boolean }).confirm_stranded
          ? { result: { version: 4, changes: [] } }
          : { status: 409, error: { code: 'STRANDS_BOOKINGS', message: '1 booking(s) would fall outside.', stranded } },
      ),
    );
    renderConsole('/console/settings');
    const closures = await screen.findByRole('region', { name: 'Closures' });
    await user.click(within(closures).getByRole('button', { name: 'Add a closure' }));
    const row = within(closures).getByRole('group', { name: 'Closure 2' });
    await user.type(within(row).getByLabelText('Date'), '2026-12-24');
    await user.type(within(row).getByLabelText('Name'), 'Christmas Eve');
    await user.type(within(row).getByLabelText('Closed from'), '12:00');
    await user.type(within(row).getByLabelText('Closed until'), '17:00');
    await user.click(saveButton());

    const table = await screen.findByRole('table', { name: 'Bookings outside the new times' });
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['K7M2Q9P', '2026-12-24', '10:00', 'Jane Doe']);
    await user.click(screen.getByRole('button', { name: 'Save anyway' }));
    await screen.findByText('Saved as version 4. Patients see it at once.');
    const bodies = putBodies(calls);
    expect(bodies.map((body) => body.confirm_stranded)).toEqual([false, true]);
    expect(bodies[1]!.practice.closures).toEqual([
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-24', name: 'Christmas Eve', start: '12:00', end: '17:00' },
    ]);
  });
});
