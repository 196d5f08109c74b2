import { screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffPermission } from '#domain/staff/staff-roles.ts';
import { expectNoAxeViolations, renderConsole, serveConsole } from '../console-test-kit.tsx';

function serve(permissions?: StaffPermission[]) {
  serveConsole({ permissions }, {});
}

/**
 * Presses the form's button as a person would and tells whether the browser would go ahead with the
 * download: the last listener sees whether the page stopped the submit, then stops it itself, since
 * jsdom does not navigate.
 */
async function submit(user: UserEvent, form: HTMLFormElement): Promise<boolean> {
  let wentAhead = false;
  const listen = (event: Event) => {
    wentAhead = !event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener('submit', listen);
  try {
    await user.click(within(form).getByRole('button', { name: 'Export CSV' }));
  } finally {
    window.removeEventListener('submit', listen);
  }
  return wentAhead;
}

describe('the CSV export', () => {
  it('is a plain GET form to the export with the shown week as its default range', async () => {
    const user = userEvent.setup();
    serve();
    renderConsole('/console?date=2026-11-25&view=week');
    const form = await screen.findByRole('form', { name: 'Export bookings' });
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toMatch(/\/api\/v1\/staff\/appointments\/export\.csv$/);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-23');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-29');
    expect([...new FormData(form as HTMLFormElement).keys()]).toEqual(['from', 'to']);
    expect(await submit(user, form as HTMLFormElement)).toBe(true);
    await expectNoAxeViolations();
  });

  it('stops a range the server would refuse, saying why', async () => {
    const user = userEvent.setup();
    serve();
    renderConsole('/console?date=2026-11-25');
    const form = (await screen.findByRole('form', { name: 'Export bookings' })) as HTMLFormElement;
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-24');
    expect(await submit(user, form)).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe('The end date is before the start date.');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2027-11-26');
    expect(await submit(user, form)).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe('Export at most 366 days at a time.');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2027-11-25');
    expect(await submit(user, form)).toBe(true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('is not offered without the export permission', async () => {
    serve(['schedule', 'bookings', 'feedback']);
    renderConsole('/console?date=2026-11-25');
    await screen.findByRole('heading', { level: 1, name: 'Wednesday, November 25' });
    expect(screen.queryByRole('form', { name: 'Export bookings' })).not.toBeInTheDocument();
  });
});
