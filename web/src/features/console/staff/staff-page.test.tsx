import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffMember } from '#domain/staff/staff-accounts-schemas.ts';
import type { StaffPermission } from '#domain/staff/staff-roles.ts';
import { expectNoAxeViolations, renderConsole, serveConsole, shownLocation } from '../console-test-kit.tsx';

function buildMember(overrides: Partial<StaffMember> = {}): StaffMember {
  return {
    id: 'acc-2',
    email: 'dana@example.com',
    name: 'Dana Desk',
    role: 'front_desk',
    active: true,
    has_password: true,
    totp_enabled: false,
    last_sign_in_at: '2026-11-24T15:05:00.000Z',
    created_at: '2026-11-01T15:00:00.000Z',
    ...overrides,
  };
}

const OWNER = buildMember({
  id: 'acc-1',
  email: 'owner@example.com',
  name: 'Olivia Owner',
  role: 'owner',
  totp_enabled: true,
});

/**
 * A practice of two: the signed-in owner and a front-desk member; PATCH and the reset change the member
 * as the server would.
 */
function serveStaff(options: { member?: Partial<StaffMember>; permissions?: StaffPermission[] } = {}) {
  let members = [OWNER, buildMember(options.member)];
  const change = (id: string, next: Partial<StaffMember>) => {
    members = members.map((member) => (member.id === id ? { ...member, ...next } : member));
    return { result: members.find((member) => member.id === id) };
  };
  return serveConsole(
    { permissions: options.permissions },
    {
      'GET /api/v1/staff/members': () => ({ result: { members } }),
      'POST /api/v1/staff/members': (call) => {
        const body = call.body as { email: string; role: StaffMember['role']; name?: string };
        if (members.some((member) => member.email === body.email))
          return { status: 409, error: { code: 'CONFLICT', message: 'That e-mail has an account already.' } };
        const invited = buildMember({
          id: 'acc-3',
          email: body.email,
          name: body.name ?? null,
          role: body.role,
          has_password: false,
          last_sign_in_at: null,
        });
        members = [...members, invited];
        return { status: 201, result: invited };
      },
      'PATCH /api/v1/staff/members/acc-2': (call) => change('acc-2', call.body as Partial<StaffMember>),
      'PATCH /api/v1/staff/members/acc-1': () => ({
        status: 409,
        error: { code: 'CONFLICT', message: 'The practice needs an active owner: make someone else an owner first.' },
      }),
      'POST /api/v1/staff/members/acc-2/second-factor-reset': () => change('acc-2', { totp_enabled: false }),
    },
  );
}

const rowOf = async (name: string) =>
  (await screen.findByRole('cell', { name: new RegExp(`^${name}`) })).closest('tr')!;

describe('the staff page', () => {
  it('is linked for owners and lists the staff with role, status, second factor and last sign-in', async () => {
    const user = userEvent.setup();
    serveStaff({ member: { totp_enabled: true } });
    renderConsole('/console?date=2026-11-25');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    await user.click(within(nav).getByRole('link', { name: 'Staff' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff' })).toBeInTheDocument();
    expect(shownLocation()).toBe('/console/staff');
    expect(within(nav).getByRole('link', { name: 'Staff' }).getAttribute('aria-current')).toBe('page');

    const table = await screen.findByRole('table', { name: 'The practice’s staff' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 5)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Olivia Owner (you)owner@example.com', 'Owner', 'Active', 'On', '2026-11-24 9:05 AM'],
      ['Dana Deskdana@example.com', 'Front desk', 'Active', 'On', '2026-11-24 9:05 AM'],
    ]);
    expect(
      within(rows[1]!)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Make owner Dana Desk', 'Reset second factor Dana Desk', 'Deactivate Dana Desk']);
    await expectNoAxeViolations();
  });

  it('offers no staff, security or audit page to the front desk', async () => {
    const calls = serveStaff({ permissions: ['schedule', 'bookings', 'feedback'] });
    renderConsole('/console/staff');
    expect(await screen.findByRole('heading', { level: 1, name: /November/ })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console' });
    for (const name of ['Staff', 'Security', 'Audit trail'])
      expect(within(nav).queryByRole('link', { name })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/v1/staff/members'))).toBe(false);
  });
});

describe('inviting', () => {
  it('checks the address here, then sends the invitation and says the link goes out by e-mail', async () => {
    const user = userEvent.setup();
    const calls = serveStaff();
    renderConsole('/console/staff');
    const form = (await screen.findByRole('heading', { name: 'Invite someone' })).closest('section')!;
    const email = within(form).getByLabelText('E-mail');
    await user.clear(email);
    await user.type(email, 'not an address');
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(document.getElementById(email.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Type an e-mail address.',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await expectNoAxeViolations();

    await user.clear(email);
    await user.type(email, '  New.Hire@Example.com ');
    await user.selectOptions(within(form).getByLabelText('Role'), 'owner');
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect((await within(form).findByRole('status')).textContent).toBe(
      'Invitation sent to new.hire@example.com. The link to set a password goes out by e-mail and works for 24 hours.',
    );
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ email: 'new.hire@example.com', role: 'owner' });
    expect(post.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    const row = await rowOf('new.hire@example.com');
    expect(
      within(row)
        .getAllByRole('cell')
        .slice(1, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['Owner', 'Invited, no password yet']);
  });

  it('shows the server’s refusal of an address that has an account', async () => {
    const user = userEvent.setup();
    serveStaff();
    renderConsole('/console/staff');
    const form = (await screen.findByRole('heading', { name: 'Invite someone' })).closest('section')!;
    await user.clear(within(form).getByLabelText('E-mail'));
    await user.type(within(form).getByLabelText('E-mail'), 'dana@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send the invitation' }));
    expect((await within(form).findByRole('alert')).textContent).toBe('That e-mail has an account already.');
  });
});

describe('changing a member', () => {
  it('asks before deactivating, says sessions end at once, gives focus back; reactivating asks nothing', async () => {
    const user = userEvent.setup();
    const calls = serveStaff();
    renderConsole('/console/staff');
    const deactivate = within(await rowOf('Dana Desk')).getByRole('button', { name: 'Deactivate Dana Desk' });
    await user.click(deactivate);
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Dana Desk?' });
    expect(dialog.textContent).toContain(
      'Their sessions end at once, on every device, and they can no longer sign in.',
    );
    expect(calls.some((call) => call.method === 'PATCH')).toBe(false);
    await expectNoAxeViolations();

    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Dana Desk is deactivated. Their sessions ended at once and they can no longer sign in.',
    );
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ active: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const row = await rowOf('Dana Desk');
    expect(within(row).getAllByRole('cell')[2]!.textContent).toBe('Deactivated');
    const reactivate = within(row).getByRole('button', { name: 'Reactivate Dana Desk' });
    await waitFor(() => expect(document.activeElement).toBe(reactivate));

    await user.click(reactivate);
    expect((await screen.findByRole('status')).textContent).toBe('Dana Desk is active again and can sign in.');
    expect(calls.filter((call) => call.method === 'PATCH').at(-1)!.body).toEqual({ active: true });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('changes a role after asking, saying what the role may do', async () => {
    const user = userEvent.setup();
    const calls = serveStaff();
    renderConsole('/console/staff');
    await user.click(within(await rowOf('Dana Desk')).getByRole('button', { name: 'Make owner Dana Desk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Dana Desk an owner?' });
    expect(dialog.textContent).toContain('including managing staff');
    await user.click(within(dialog).getByRole('button', { name: 'Change the role' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'Dana Desk is now an owner. Their open sessions ended; they sign in again as owner.',
    );
    expect(calls.find((call) => call.method === 'PATCH')!.body).toEqual({ role: 'owner' });
    expect(within(await rowOf('Dana Desk')).getAllByRole('cell')[1]!.textContent).toBe('Owner');
  });

  it('shows in the dialog the server’s refusal to leave the practice without an owner; changes nothing', async () => {
    const user = userEvent.setup();
    serveStaff();
    renderConsole('/console/staff');
    await user.click(within(await rowOf('Olivia Owner')).getByRole('button', { name: 'Make front desk Olivia Owner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Olivia Owner front desk?' });
    expect(dialog.textContent).toContain('This is your own account: you will be signed out at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Change the role' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'The practice needs an active owner: make someone else an owner first.',
    );
    expect(screen.getByRole('dialog')).toBe(dialog);
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Leave as it is' }));
    expect(within(await rowOf('Olivia Owner')).getAllByRole('cell')[1]!.textContent).toBe('Owner');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('resets a second factor after asking; the button goes with it', async () => {
    const user = userEvent.setup();
    const calls = serveStaff({ member: { totp_enabled: true } });
    renderConsole('/console/staff');
    await user.click(within(await rowOf('Dana Desk')).getByRole('button', { name: 'Reset second factor Dana Desk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Dana Desk’s second factor?' });
    expect(dialog.textContent).toContain(
      'the app and their recovery codes stop working, and their sessions end at once',
    );
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Reset the second factor' }));
    expect((await screen.findByRole('status')).textContent).toMatch(
      /^Dana Desk’s second factor is reset and their sessions ended\./,
    );
    const reset = calls.find((call) => call.method === 'POST')!;
    expect(reset.path).toBe('/api/v1/staff/members/acc-2/second-factor-reset');
    expect(reset.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
    const row = await rowOf('Dana Desk');
    expect(within(row).getAllByRole('cell')[3]!.textContent).toBe('Off');
    expect(within(row).queryByRole('button', { name: /Reset second factor/ })).not.toBeInTheDocument();
    // The button that opened the dialog is gone: the focus goes to the page's heading.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Staff' })));
  });
});
