import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  buildSchedule,
  buildSession,
  PRACTICE,
  renderConsole,
  serveStaffApi,
  SIGNED_OUT,
} from './console-test-kit.tsx';

const OTHER = { ...PRACTICE, id: '22222222-2222-4222-8222-222222222222', name: 'Smile Group', form_url: 'smile-group' };

describe('the console session', () => {
  it('goes back to the sign-in with "Your session has ended" when a poll answers 401', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let isSignedIn = true;
    serveStaffApi({
      'GET /api/v1/staff/session': () => (isSignedIn ? { result: buildSession() } : SIGNED_OUT),
      'GET /api/v1/staff/appointments': () => (isSignedIn ? { result: buildSchedule() } : SIGNED_OUT),
    });
    renderConsole('/console?date=2026-11-25');
    await screen.findByRole('button', { name: /Jane Doe/ });
    isSignedIn = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('status').textContent).toBe('Your session has ended. Sign in again.');
    expect(screen.queryByRole('button', { name: /Jane Doe/ })).not.toBeInTheDocument();
  });

  it('signs out with the CSRF token, and everywhere with ?everywhere=true', async () => {
    const user = userEvent.setup();
    const calls = serveStaffApi({
      'GET /api/v1/staff/session': () => ({ result: buildSession() }),
      'GET /api/v1/staff/appointments': () => ({ result: buildSchedule() }),
      'DELETE /api/v1/staff/session': () => ({ result: { signed_out: true } }),
    });
    renderConsole('/console?date=2026-11-25');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    // Signing out on purpose is no ended session.
    expect(screen.queryByText('Your session has ended. Sign in again.')).not.toBeInTheDocument();
    const signOut = calls.find((call) => call.method === 'DELETE')!;
    expect(signOut.search.get('everywhere')).toBe('true');
    expect(signOut.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
    // Reads carry no token and are not marked as polls on first load.
    const firstRead = calls.find((call) => call.path === '/api/v1/staff/appointments')!;
    expect(firstRead.headers.has('X-CSRF-Token')).toBe(false);
    expect(firstRead.headers.has('X-Console-Poll')).toBe(false);
  });

  it('lets an operator switch practice with the CSRF token, and reads the new practice’s schedule', async () => {
    const user = userEvent.setup();
    let current = PRACTICE;
    const calls = serveStaffApi({
      'GET /api/v1/staff/session': () => ({
        result: buildSession({
          account: { ...buildSession().account, role: 'operator' },
          practices: [PRACTICE, OTHER],
        }),
      }),
      'PUT /api/v1/staff/session/practice': () => {
        current = OTHER;
        return { result: buildSession({ practice: OTHER, practices: [PRACTICE, OTHER], csrf_token: 'csrf-token-1' }) };
      },
      'GET /api/v1/staff/appointments': () => ({
        result: buildSchedule({
          providers: [
            { pms_prov_num: 1, name: current === OTHER ? 'Dr. Other' : 'Dr. Ada Adams', pms_clinic_nums: [] },
          ],
        }),
      }),
    });
    renderConsole('/console?date=2026-11-25');
    await screen.findByRole('heading', { level: 2, name: 'Dr. Ada Adams' });
    await user.selectOptions(screen.getByLabelText('Practice'), OTHER.id);
    expect(await screen.findByRole('heading', { level: 2, name: 'Dr. Other' })).toBeInTheDocument();
    const put = calls.find((call) => call.method === 'PUT')!;
    expect(put.body).toEqual({ practice_id: OTHER.id });
    expect(put.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
  });

  it('shows no practice switcher to a member of one practice', async () => {
    serveStaffApi({
      'GET /api/v1/staff/session': () => ({ result: buildSession() }),
      'GET /api/v1/staff/appointments': () => ({ result: buildSchedule() }),
    });
    renderConsole('/console?date=2026-11-25');
    await screen.findByRole('heading', { level: 2, name: 'Dr. Ada Adams' });
    expect(screen.queryByLabelText('Practice')).not.toBeInTheDocument();
    expect(screen.getByText(PRACTICE.name)).toBeInTheDocument();
  });

  it('sets up the second factor a practice requires: the key in fours, the code, the recovery codes once', async () => {
    const user = userEvent.setup();
    let hasTotp = false;
    const calls = serveStaffApi({
      'GET /api/v1/staff/session': () => ({ result: buildSession({ must_set_up_totp: !hasTotp }) }),
      'POST /api/v1/staff/totp/setup': () => ({
        result: {
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_uri: 'otpauth://totp/Chairtime:owner%40example.com?secret=JBSWY3DPEHPK3PXP',
        },
      }),
      'POST /api/v1/staff/totp/enable': () => {
        hasTotp = true;
        return { result: { recovery_codes: Array.from({ length: 10 }, (_, i) => `code${i}-abcde`) } };
      },
      'GET /api/v1/staff/appointments': () => ({ result: buildSchedule() }),
    });
    renderConsole('/console?date=2026-11-25');
    await user.click(await screen.findByRole('button', { name: 'Start the set-up' }));
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'open it in the app on this device' }).getAttribute('href')).toMatch(
      /^otpauth:\/\/totp\//,
    );
    await user.clear(screen.getByLabelText('The 6-digit code the app shows'));
    await user.type(screen.getByLabelText('The 6-digit code the app shows'), '654321');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(Array.from({ length: 10 }, (_, i) => `code${i}-abcde`));
    await user.click(screen.getByRole('button', { name: 'I have saved them: open the console' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Dr. Ada Adams' })).toBeInTheDocument();
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => [call.path, call.headers.get('X-CSRF-Token')])).toEqual([
      ['/api/v1/staff/totp/setup', 'csrf-token-1'],
      ['/api/v1/staff/totp/enable', 'csrf-token-1'],
    ]);
    expect(posts[1]!.body).toEqual({ code: '654321' });
  });
});

describe('/console/set-password/:token', () => {
  const TOKEN = 'T'.repeat(43);
  const path = `/api/v1/staff/password-links/${TOKEN}`;

  it('checks the length and the match here, shows the server’s 422, then sends to the sign-in', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const calls = serveStaffApi({
      [`GET ${path}`]: () => ({ result: { email: 'new@example.com', purpose: 'invite' } }),
      [`POST ${path}`]: () =>
        ++tries === 1
          ? {
              status: 422,
              error: { code: 'VALIDATION_FAILED', message: 'That password is too common. Choose another.' },
            }
          : { result: { email: 'front@example.com', password_set: true } },
      'GET /api/v1/staff/session': () => SIGNED_OUT,
    });
    renderConsole(`/console/set-password/${TOKEN}`);
    expect(await screen.findByText(/For new@example\.com/)).toBeInTheDocument();
    const type = async (password: string, confirm: string) => {
      await user.clear(screen.getByLabelText('New password'));
      await user.type(screen.getByLabelText('New password'), password);
      await user.clear(screen.getByLabelText('Type it again'));
      await user.type(screen.getByLabelText('Type it again'), confirm);
      await user.click(screen.getByRole('button', { name: 'Save the password' }));
    };
    // Each rule's words go beside its field, as in every console form.
    const problemOf = (label: string) =>
      document.getElementById(screen.getByLabelText(label).getAttribute('aria-describedby') ?? '')?.textContent;
    await type('short', 'short');
    await waitFor(() => expect(problemOf('New password')).toBe('Use at least 12 characters.'));
    await type('long enough password', 'long enough passw0rd');
    await waitFor(() => expect(problemOf('Type it again')).toBe('The two passwords are not the same.'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await type('password1234', 'password1234');
    expect((await screen.findByRole('alert')).textContent).toBe('That password is too common. Choose another.');
    await type('tulip harbour quietly', 'tulip harbour quietly');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('status').textContent).toBe('Your password is set. Sign in with it.');
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { password: 'password1234' },
      { password: 'tulip harbour quietly' },
    ]);
  });

  it('says a used or expired link does not work', async () => {
    serveStaffApi({ [`GET ${path}`]: () => ({ status: 404, error: { code: 'NOT_FOUND', message: 'No such link.' } }) });
    renderConsole(`/console/set-password/${TOKEN}`);
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired or was used.');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument());
  });
});
