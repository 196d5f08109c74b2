import { PASSWORD_RESET_ANSWER } from '#domain/staff/staff-accounts-schemas.ts';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  buildSchedule,
  buildSession,
  expectNoAxeViolations,
  renderConsole,
  serveStaffApi,
  SIGNED_OUT,
  type ApiCall,
} from '../console-test-kit.tsx';

async function fillIn(user: UserEvent, email: string, password: string) {
  await user.clear(screen.getByLabelText('E-mail'));
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.clear(screen.getByLabelText('Password'));
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('the console sign-in', () => {
  it('shows the sign-in to nobody signed in, and the server’s words for a wrong password, nothing more', async () => {
    const user = userEvent.setup();
    serveStaffApi({
      'GET /api/v1/staff/session': () => SIGNED_OUT,
      'POST /api/v1/staff/session': () => ({
        status: 401,
        error: { code: 'INVALID_CREDENTIALS', message: 'The e-mail or password is not right.' },
      }),
    });
    renderConsole();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    // A first visit says nothing of a session that ended.
    expect(screen.queryByText('Your session has ended. Sign in again.')).not.toBeInTheDocument();
    await fillIn(user, 'front@example.com', 'wrong password');
    expect((await screen.findByRole('alert')).textContent).toBe('The e-mail or password is not right.');
    expect(screen.queryByLabelText(/Code from your authenticator app/)).not.toBeInTheDocument();
    await expectNoAxeViolations();
    expect(document.head.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex, nofollow');
  });

  it('asks for the code after CODE_REQUIRED, sends it with the password, and opens the console', async () => {
    const user = userEvent.setup();
    const signIns: ApiCall[] = [];
    serveStaffApi({
      'GET /api/v1/staff/session': () => SIGNED_OUT,
      'POST /api/v1/staff/session': (call) => {
        signIns.push(call);
        const body = call.body as { code?: string };
        if (!body.code)
          return {
            status: 401,
            error: { code: 'CODE_REQUIRED', message: 'Type the code from your authenticator app, or a recovery code.' },
          };
        return { status: 201, result: buildSession() };
      },
      'GET /api/v1/staff/appointments': () => ({ result: buildSchedule() }),
    });
    renderConsole();
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await fillIn(user, 'owner@example.com', 'correct horse battery');
    const code = await screen.findByLabelText('Code from your authenticator app, or a recovery code');
    expect(screen.getByRole('alert').textContent).toBe(
      'Type the code from your authenticator app, or a recovery code.',
    );
    await waitFor(() => expect(document.activeElement).toBe(code));
    await user.clear(code);
    await user.type(code, ' 123456 ');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Sign out everywhere' })).toBeInTheDocument();
    expect(signIns.map((call) => call.body)).toEqual([
      { email: 'owner@example.com', password: 'correct horse battery' },
      { email: 'owner@example.com', password: 'correct horse battery', code: '123456' },
    ]);
    expect(signIns.every((call) => !call.headers.has('X-CSRF-Token'))).toBe(true);
  });

  it('shows the wait of a 429 and keeps the button off for its Retry-After', async () => {
    const user = userEvent.setup();
    const message = 'Too many failed sign-ins. Wait 2 seconds and try again.';
    serveStaffApi({
      'GET /api/v1/staff/session': () => SIGNED_OUT,
      'POST /api/v1/staff/session': () => ({
        status: 429,
        error: { code: 'RATE_LIMITED', message },
        headers: { 'Retry-After': '2' },
      }),
    });
    renderConsole();
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });
    await fillIn(user, 'front@example.com', 'guess guess guess');
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in' });
    expect(button.disabled).toBe(true);
    await waitFor(() => expect(button.disabled).toBe(false), { timeout: 4_000 });
  });

  it('sends a forgotten password’s e-mail and shows the server’s answer', async () => {
    const user = userEvent.setup();
    const answer = PASSWORD_RESET_ANSWER;
    const calls = serveStaffApi({
      'GET /api/v1/staff/session': () => SIGNED_OUT,
      'POST /api/v1/staff/password-reset': () => ({ result: { message: answer } }),
    });
    renderConsole();
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    // The page's script arrives when it is first opened (ADR 0045): wait for the page itself.
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    await user.clear(screen.getByLabelText('E-mail'));
    await user.type(screen.getByLabelText('E-mail'), 'front@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('status')).textContent).toBe(answer);
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ email: 'front@example.com' });
  });
});
