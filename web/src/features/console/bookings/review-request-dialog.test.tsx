import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import type { StaffPermission } from '#domain/staff/staff-roles.ts';
import {
  buildDetail,
  expectNoAxeViolations,
  freezeDateAt,
  renderConsole,
  serveConsole,
  type ApiHandler,
} from '../console-test-kit.tsx';
import { WITHOUT_TIME } from '../../../test/booking-factories.ts';

// The visit of the test kit is on 25 November, 9:00 to 9:30 in Chicago; it is the next morning.
freezeDateAt('2026-11-26T15:00:00Z');

function serve(
  detail: StaffAppointmentDetail,
  send: ApiHandler = () => ({ status: 500 }),
  permissions?: StaffPermission[],
) {
  return serveConsole(
    { permissions },
    {
      'GET /api/v1/staff/appointments/apt-1': () => ({ result: detail }),
      'POST /api/v1/staff/review-requests': send,
    },
  );
}

async function openPanel(user: UserEvent) {
  renderConsole('/console?date=2026-11-25');
  await user.click(await screen.findByRole('button', { name: /Jane Doe/ }));
  const panel = await screen.findByRole('dialog', { name: 'Jane Doe' });
  return within(panel)
    .findByRole('region', { name: 'Actions' })
    .then((actions) => ({ panel, actions }));
}

describe('a review request from the booking panel', () => {
  it('asks the patient of a past visit, at the booking’s consented contacts, and says where it went', async () => {
    const user = userEvent.setup();
    const calls = serve(buildDetail({ status: 'arrived' }), () => ({
      status: 201,
      result: { request_id: 'rr-1', review_url: 'https://book.example/review/tok', sent_via: ['email', 'sms'] },
    }));
    const { panel, actions } = await openPanel(user);
    const opener = within(actions).getByRole('button', { name: 'Send review request…' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Ask Jane Doe for a review' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('First name').value).toBe('Jane');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Last name').value).toBe('Doe');
    expect(within(dialog).getByLabelText('E-mail (empty: the booking’s)')).toBeInTheDocument();
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Send review request' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Ask Jane/ })).not.toBeInTheDocument());
    expect(within(panel).getByRole('status').textContent).toBe('Review request sent by e-mail and text.');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({
      patient_first_name: 'Jane',
      patient_last_name: 'Doe',
      appointment_id: 'apt-1',
      is_concented: false,
      send: true,
    });
    expect(post.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
    expect(document.activeElement).toBe(opener);
  });

  it('shows the server’s refusal in the dialog (the visit was marked a no-show meanwhile)', async () => {
    const user = userEvent.setup();
    const message =
      'Nothing was created: this booking is a no-show, and review requests are only for visits that happened.';
    serve(buildDetail(), () => ({ status: 409, error: { code: 'CONFLICT', message } }));
    const { actions } = await openPanel(user);
    await user.click(within(actions).getByRole('button', { name: 'Send review request…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask Jane Doe for a review' });
    await user.click(within(dialog).getByRole('button', { name: 'Send review request' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(message);
  });

  it.each([
    ['a no-show', { status: 'no_show' as const }],
    ['a cancelled visit', { status: 'cancelled' as const }],
    ['a request without a time', { status: 'requested' as const, ...WITHOUT_TIME }],
    ['a visit not over yet', { ends_at: '2026-11-26T16:00:00.000Z' }],
  ])('is not offered for %s', async (_name, overrides) => {
    const user = userEvent.setup();
    serve(buildDetail({ ...overrides, actions: { ...buildDetail().actions, cancel: true } }));
    const { actions } = await openPanel(user);
    expect(within(actions).getAllByRole('button').length).toBeGreaterThan(0);
    expect(within(actions).queryByRole('button', { name: 'Send review request…' })).not.toBeInTheDocument();
  });

  it('is not offered without the feedback permission', async () => {
    const user = userEvent.setup();
    serve(buildDetail(), undefined, ['schedule', 'bookings']);
    const { actions } = await openPanel(user);
    expect(within(actions).queryByRole('button', { name: 'Send review request…' })).not.toBeInTheDocument();
  });
});
