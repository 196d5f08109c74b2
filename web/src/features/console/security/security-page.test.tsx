import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PracticeSecurity, StaffMember } from '#domain/staff/staff-accounts-schemas.ts';
import {
  callsTo,
  buildSession,
  expectNoAxeViolations,
  renderConsole,
  serveStaffApi,
  shownLocation,
  type ApiCall,
} from '../console-test-kit.tsx';

const member = (id: string, name: string, overrides: Partial<StaffMember> = {}): StaffMember => ({
  id,
  email: `${id}@example.com`,
  name,
  role: 'front_desk',
  active: true,
  has_password: true,
  totp_enabled: false,
  last_sign_in_at: null,
  created_at: '2026-11-01T15:00:00.000Z',
  ...overrides,
});

/** The owner (acc-1, no second factor unless told), two members without one, one with, one deactivated. */
function serveSecurity(options: { ownerHasTotp?: boolean; everyoneHasTotp?: boolean } = {}): ApiCall[] {
  let security: PracticeSecurity = { idle_minutes: 30, require_totp: false };
  const members = [
    member('acc-1', 'Olivia Owner', { role: 'owner', totp_enabled: Boolean(options.ownerHasTotp) }),
    member('acc-2', 'Dana Desk', { totp_enabled: Boolean(options.everyoneHasTotp) }),
    member('acc-3', 'Ivy Invited', { has_password: false, totp_enabled: Boolean(options.everyoneHasTotp) }),
    member('acc-4', 'Tom Twofactor', { totp_enabled: true }),
    member('acc-5', 'Gone Person', { active: false }),
  ];
  return serveStaffApi({
    'GET /api/v1/staff/session': () => ({
      result: buildSession({
        account: { ...buildSession().account, totp_enabled: Boolean(options.ownerHasTotp) },
        idle_minutes: security.idle_minutes,
      }),
    }),
    'GET /api/v1/staff/practice/security': () => ({ result: security }),
    'PUT /api/v1/staff/practice/security': (call) => {
      security = call.body as PracticeSecurity;
      return { result: security };
    },
    'GET /api/v1/staff/members': () => ({ result: { members } }),
  });
}

describe('the security page', () => {
  it('is linked for owners and shows the rules with what requiring a second factor means for whom', async () => {
    const user = userEvent.setup();
    serveSecurity();
    renderConsole('/console/staff');
    await user.click(await screen.findByRole('link', { name: 'Security' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Security' })).toBeInTheDocument();
    expect(shownLocation()).toBe('/console/security');
    const idle = (await screen.findByLabelText('Sign out after this many idle minutes')) as HTMLInputElement;
    expect(idle.value).toBe('30');
    const require = screen.getByRole('checkbox', { name: /Require a second factor/ }) as HTMLInputElement;
    expect(require.checked).toBe(false);

    const impact = document.getElementById(require.getAttribute('aria-describedby')!)!;
    await waitFor(() => expect(within(impact).queryAllByRole('listitem').length).toBeGreaterThan(0));
    // Active people without one; not the one who has it, not the deactivated, and the owner is told apart.
    expect(
      within(impact)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Dana Desk', 'Ivy Invited (invited, sets it up after choosing a password)']);
    expect(impact.textContent).toContain('2 people have no second factor yet');
    expect(impact.textContent).toContain(
      'can do nothing in the console but set up an authenticator app: from their next click if they are signed in now',
    );
    expect(impact.textContent).toContain('That includes you');
    await user.click(require);
    expect(impact.textContent).toMatch(/^Once you save, people without a second factor/);
    await expectNoAxeViolations();
  });

  it('says so when everyone has a second factor', async () => {
    serveSecurity({ ownerHasTotp: true, everyoneHasTotp: true });
    renderConsole('/console/security');
    expect(
      await screen.findByText('Everyone active on the staff has a second factor set up already.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/That includes you/)).not.toBeInTheDocument();
  });

  it('refuses idle minutes outside 5 to 720 at the field, then saves and reads the session again', async () => {
    const user = userEvent.setup();
    const calls = serveSecurity({ ownerHasTotp: true });
    renderConsole('/console/security');
    const idle = (await screen.findByLabelText('Sign out after this many idle minutes')) as HTMLInputElement;
    for (const typed of ['721', '4', '', '30.5']) {
      await user.clear(idle);
      if (typed) await user.type(idle, typed);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(idle, typed).toHaveAttribute('aria-invalid', 'true'));
    }
    const [problemId] = idle.getAttribute('aria-describedby')!.split(' ');
    expect(document.getElementById(problemId!)!.textContent).toBe('Type whole minutes from 5 to 720 (12 hours).');
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await expectNoAxeViolations();

    const sessionReads = callsTo(calls, '/api/v1/staff/session').length;
    await user.clear(idle);
    await user.type(idle, '720');
    await user.click(screen.getByRole('checkbox', { name: /Require a second factor/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Saved. The rules hold at once for every open session of the practice.',
    );
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({ idle_minutes: 720, require_totp: true });
    expect(put.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
    expect(idle.getAttribute('aria-invalid')).toBeNull();
    await waitFor(() => expect(callsTo(calls, '/api/v1/staff/session').length).toBe(sessionReads + 1));
  });

  it('sends an owner without a second factor to set one up once it is required', async () => {
    const user = userEvent.setup();
    let required = false;
    serveStaffApi({
      'GET /api/v1/staff/session': () => ({ result: buildSession({ must_set_up_totp: required }) }),
      'GET /api/v1/staff/practice/security': () => ({ result: { idle_minutes: 30, require_totp: required } }),
      'PUT /api/v1/staff/practice/security': (call) => {
        required = (call.body as PracticeSecurity).require_totp;
        return { result: call.body };
      },
      'GET /api/v1/staff/members': () => ({ result: { members: [] } }),
    });
    renderConsole('/console/security');
    await user.click(await screen.findByRole('checkbox', { name: /Require a second factor/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('heading', { name: 'Set up two-step sign-in' })).toBeInTheDocument();
  });
});
