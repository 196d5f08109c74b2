import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callsTo, renderConsole, serveConsole, type ApiCall } from '../../console-test-kit.tsx';
import { buildSettings, settingsRoutes } from '../settings.test-data.ts';

const section = (name: string) => screen.findByRole('region', { name });
const savedPractice = async (calls: ApiCall[]) => {
  await screen.findByText(/^Saved as version/);
  const put = callsTo(calls, '/api/v1/staff/settings').find((call) => call.method === 'PUT')!;
  return (put.body as { practice: Record<string, unknown> }).practice;
};
/** Clears a field and types its new value, as a person replacing it does. */
async function retype(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}
/** The kit's owner on the settings page of the test data's practice, at version 1. */
function openOwnersSettings() {
  const user = userEvent.setup();
  const calls = serveConsole({}, settingsRoutes(buildSettings(), 1));
  renderConsole('/console/settings');
  return { user, calls };
}
const save = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Save the settings' }));

describe('the settings page’s sections', () => {
  it('edits a provider’s weekdays and hours and adds a break', async () => {
    const { user, calls } = openOwnersSettings();
    const hours = within(await section('Weekly hours and breaks'));
    const row = within(hours.getByRole('group', { name: 'Hours 1' }));
    expect(row.getByLabelText('Provider')).toHaveDisplayValue('Dr. Ada Adams');
    await user.click(row.getByRole('checkbox', { name: 'Friday' }));
    await user.click(row.getByRole('checkbox', { name: 'Saturday' }));
    await retype(user, row.getByLabelText('Closes'), '18:30');
    await user.click(row.getByRole('button', { name: 'Add a break to hours 1' }));
    const breakRow = within(row.getByRole('group', { name: 'Break 2 of hours 1' }));
    await retype(user, breakRow.getByLabelText('From'), '15:00');
    await retype(user, breakRow.getByLabelText('Until'), '15:15');
    await save(user);
    expect((await savedPractice(calls)).schedules).toEqual([
      {
        pms_prov_num: 1,
        pms_op_num: 11,
        pms_clinic_num: null,
        weekdays: [1, 2, 3, 4, 6],
        start: '09:00',
        end: '18:30',
        breaks: [
          { start: '12:00', end: '13:00' },
          { start: '15:00', end: '15:15' },
        ],
      },
    ]);
  });

  it('adds a paid reason with its Spanish name and providers, and retires the old one', async () => {
    const { user, calls } = openOwnersSettings();
    const reasons = within(await section('Reasons for visit'));
    await user.click(within(reasons.getByRole('group', { name: 'Exam' })).getByLabelText('Offered to patients'));
    await user.click(reasons.getByRole('button', { name: 'Add a reason' }));
    const added = within(reasons.getByRole('group', { name: 'Reason 2' }));
    await user.type(added.getByLabelText('Name'), 'Whitening');
    const reason = within(reasons.getByRole('group', { name: 'Whitening' }));
    await user.type(reason.getByLabelText('Name in Spanish'), 'Blanqueamiento');
    await retype(user, reason.getByLabelText('Length in minutes'), '60');
    await retype(user, reason.getByLabelText('Price in dollars'), '150.5');
    await user.click(reason.getByLabelText('Take the price when booking'));
    await user.click(reason.getByLabelText('New patients may book it'));
    await user.click(reason.getByRole('checkbox', { name: 'Dr. Ben Brown' }));
    await save(user);
    const practice = await savedPractice(calls);
    expect(practice.reasons).toEqual([
      expect.objectContaining({ name: 'Exam', is_active: false }),
      expect.objectContaining({
        name: 'Whitening',
        translations: { es: { name: 'Blanqueamiento' } },
        final_duration: 60,
        amount: 150.5,
        is_payment_enabled: true,
        for_new_patients: false,
        for_returning_patients: true,
        providers: [2],
        is_active: true,
      }),
    ]);
  });

  it('edits the policies: lead time, cutoffs, a reminder by text, quiet hours, not accepting patients', async () => {
    const { user, calls } = openOwnersSettings();
    const policies = within(await section('Policies'));
    expect(policies.getByLabelText('Lead time in hours')).toHaveAccessibleDescription(
      'The earliest slot offered is this many hours from now.',
    );
    await retype(user, policies.getByLabelText('Lead time in hours'), '4');
    await retype(user, policies.getByLabelText('Cancel up to (hours before)'), '48');
    await user.click(policies.getByRole('button', { name: 'Add a reminder' }));
    const reminder = within(policies.getByRole('group', { name: 'Reminder 2' }));
    await retype(user, reminder.getByLabelText('Hours before the visit'), '2');
    await user.click(reminder.getByRole('checkbox', { name: 'E-mail' }));
    await user.click(reminder.getByRole('checkbox', { name: 'Text message' }));
    await retype(user, policies.getByLabelText('No texts from'), '21:00');
    await user.click(policies.getByLabelText('Accepting new bookings online'));
    await save(user);
    expect(await savedPractice(calls)).toMatchObject({
      min_hours_before_booking: 4,
      cancel_cutoff_hours: 48,
      reminder_rules: [
        { before_hours: 24, channels: ['email'] },
        { before_hours: 2, channels: ['text'] },
      ],
      quiet_hours: { start: '21:00', end: '08:00' },
      is_accepting_patients: false,
    });
  });

  it('edits the booking horizon, with the 422 for 12 months shown beside it (ADR 0079)', async () => {
    const user = userEvent.setup();
    const fields = { booking_horizon_months: 'must be a whole number of months from 1 to 11' };
    const calls = serveConsole(
      {},
      settingsRoutes(buildSettings(), 1, (call) =>
        (call.body as { practice: { booking_horizon_months: number } }).practice.booking_horizon_months > 11
          ? { status: 422, error: { code: 'VALIDATION_FAILED', message: 'The settings have 1 problem(s).', fields } }
          : { result: { version: 2, changes: [] } },
      ),
    );
    renderConsole('/console/settings');
    const horizon = within(await section('Policies')).getByLabelText('Booking horizon in months');
    expect(horizon).toHaveValue(11);
    const hint = 'Patients may book this many months after the current one: 1 to 11.';
    expect(horizon).toHaveAccessibleDescription(hint);
    await retype(user, horizon, '12');
    await save(user);
    await screen.findByText('Fix these before saving:');
    expect(horizon).toHaveAttribute('aria-invalid', 'true');
    expect(horizon).toHaveAccessibleDescription(`must be a whole number of months from 1 to 11 ${hint}`);

    await retype(user, horizon, '3');
    await save(user);
    await screen.findByText(/^Saved as version 2/);
    const puts = callsTo(calls, '/api/v1/staff/settings').filter((call) => call.method === 'PUT');
    expect(
      puts.map((put) => (put.body as { practice: Record<string, unknown> }).practice.booking_horizon_months),
    ).toEqual([12, 3]);
    expect(horizon).not.toHaveAttribute('aria-invalid');
  });

  it('renames a provider, edits the clinic details and the description', async () => {
    const { user, calls } = openOwnersSettings();
    const providers = within(await section('Providers and chairs'));
    const name = providers.getByLabelText('Name shown for Dr. Ben Brown');
    await retype(user, name, 'Dr. Benjamin Brown');
    const clinic = within(await section('Clinic details'));
    await retype(user, clinic.getByLabelText('Phone'), '(512) 555-0199');
    const branding = within(await section('Branding'));
    await user.type(branding.getByLabelText('Description in Spanish'), 'Odontología familiar.');
    await save(user);
    const practice = await savedPractice(calls);
    expect(practice).toMatchObject({
      phone: '(512) 555-0199',
      translations: { es: { description: 'Odontología familiar.' } },
    });
    expect((practice.providers as { provider_display_name: string }[])[1]!.provider_display_name).toBe(
      'Dr. Benjamin Brown',
    );
  });

  it('shows what Open Dental owns without inputs, and its reasons and closures editable', async () => {
    serveConsole({}, settingsRoutes(buildSettings({ pms: { type: 'opendental' } }), 1));
    renderConsole('/console/settings');
    const buttons = { 'Weekly hours and breaks': [], 'Providers and chairs': ['Refresh from Open Dental'] };
    for (const [name, expected] of Object.entries(buttons)) {
      const owned = within(await section(name));
      expect(owned.getByText(/Open Dental owns these/)).toBeInTheDocument();
      expect(owned.queryAllByRole('textbox')).toEqual([]);
      expect(owned.queryAllByRole('combobox')).toEqual([]);
      // The one button is the refresh, once on the page; the provider's photo and booking flag are this product's
      // (ADR 0084).
      expect(owned.queryAllByRole('button').map((button) => button.textContent)).toEqual(expected);
    }
    expect(within(await section('Weekly hours and breaks')).getByText('Dr. Ada Adams')).toBeInTheDocument();
    expect(within(await section('Reasons for visit')).getByLabelText('Name')).toHaveValue('Exam');
  });

  it('previews a day’s slots under the unsaved closures, and lists the change history', async () => {
    const user = userEvent.setup();
    const history = [
      {
        at: '2026-11-20T15:00:00.000Z',
        by: 'owner@example.com',
        version: 1,
        changes: [{ path: 'min_hours_before_booking', before: 2, after: 4 }],
      },
    ];
    const slot = (time: string) => ({ DateTimeStart: `2026-12-01 ${time}:00`, DateTimeEnd: '', ProvNum: 1, OpNum: 11 });
    const calls = serveConsole(
      {},
      {
        ...settingsRoutes(buildSettings(), 1),
        'GET /api/v1/staff/settings/history': () => ({ result: history }),
        'POST /api/v1/staff/settings/preview': () => ({
          result: [slot('09:00'), slot('09:30')].map((s) => ({ ...s, DateTimeEnd: s.DateTimeStart })),
        }),
      },
    );
    renderConsole('/console/settings');
    const table = within(await section('Change history')).getByRole('table', { name: 'Saved changes, newest first' });
    expect(await within(table).findByText('owner@example.com')).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('cell')
        .slice(2)
        .map((cell) => cell.textContent),
    ).toEqual(['min_hours_before_booking', '2', '4']);

    const closures = within(await section('Closures'));
    await user.click(closures.getByRole('button', { name: 'Add a closure' }));
    await user.type(within(closures.getByRole('group', { name: 'Closure 2' })).getByLabelText('Date'), '2026-12-02');
    const preview = within(await section('Preview the slots'));
    await user.type(preview.getByLabelText('Day'), '2026-12-01');
    await user.click(preview.getByRole('button', { name: 'Preview the slots' }));
    expect(await preview.findByRole('status')).toHaveTextContent('2 slot time(s) on 2026-12-01: 09:00, 09:30');
    const [call] = callsTo(calls, '/api/v1/staff/settings/preview');
    const closures2 = [
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-02', name: '' },
    ];
    expect(call!.body).toEqual({ practice: buildSettings({ closures: closures2 }), date: '2026-12-01' });
  });

  it('downloads the practice file the export answers', async () => {
    const user = userEvent.setup();
    const file = { practices: [{ form_url: 'bright-smile', version: 1 }] };
    serveConsole(
      {},
      { ...settingsRoutes(buildSettings(), 1), 'GET /api/v1/staff/settings/export': () => ({ result: file }) },
    );
    // jsdom has no object URLs; the browser's are stood in for, to read the file handed over.
    const createObjectURL = vi.fn((_: Blob) => 'blob:settings');
    vi.stubGlobal('URL', Object.assign(class extends URL {}, { createObjectURL, revokeObjectURL: vi.fn() }));
    // …and the link's click, which jsdom cannot follow.
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderConsole('/console/settings');
    await user.click(
      within(await section('Change history')).getByRole('button', { name: 'Download the practice file' }),
    );
    await vi.waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(clicked).toHaveBeenCalledTimes(1);
    expect(clicked.mock.contexts[0]).toMatchObject({ download: 'bright-smile-practice.json', href: 'blob:settings' });
    const reader = new FileReader();
    reader.readAsText(createObjectURL.mock.calls[0]![0]);
    await vi.waitFor(() => expect(reader.readyState).toBe(FileReader.DONE));
    expect(JSON.parse(String(reader.result))).toEqual(file);
    clicked.mockRestore();
  });
});
