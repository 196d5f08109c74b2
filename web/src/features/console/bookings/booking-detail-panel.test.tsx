import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import {
  callsTo,
  buildDetail,
  expectNoAxeViolations,
  renderConsole,
  serveConsole,
  type ApiHandler,
  SIGNED_OUT,
} from '../console-test-kit.tsx';

const DETAIL = '/api/v1/staff/appointments/apt-1';

function serve(detail: StaffAppointmentDetail, actions: Record<string, ApiHandler> = {}) {
  return serveConsole(
    {},
    {
      [`GET ${DETAIL}`]: () => ({ result: detail }),
      ...actions,
    },
  );
}

async function openBooking(user: UserEvent) {
  renderConsole('/console?date=2026-11-25');
  const booking = await screen.findByRole('button', { name: /Jane Doe/ });
  await user.click(booking);
  const panel = await screen.findByRole('dialog', { name: 'Jane Doe' });
  return { booking, panel };
}

describe('the booking panel', () => {
  it('shows the booking’s details, takes the focus, and gives it back on Esc', async () => {
    const user = userEvent.setup();
    serve(buildDetail());
    const { booking, panel } = await openBooking(user);
    await within(panel).findByText('Delta Dental');
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { level: 2, name: 'Jane Doe' }));
    for (const text of [
      '1990-04-02',
      'jane@example.com',
      'New patient',
      'My tooth hurts a little.',
      'Dr. Ada Adams',
      'Chair 1',
      'google',
      'fall',
      'delivered',
      'Booked online (patient)',
      'Cancelled: Dentist is ill (refund 2500 cents) (desk@example.com)',
      'BK-1001',
    ]) {
      expect(panel.textContent).toContain(text);
    }
    expect(within(panel).getByRole('table').textContent).toContain('Booking confirmation, by e-mail');
    await expectNoAxeViolations();
    // The page behind is inert while the panel is open; no shortcut moves it.
    expect(screen.getByRole('main', { hidden: true }).hasAttribute('inert')).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(booking);
  });

  it('offers only the actions the server allows, confirms with the CSRF token, reads the schedule again', async () => {
    const user = userEvent.setup();
    // Before the visit: a review request is offered only once it is over.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T12:00:00Z'));
    const calls = serve(
      buildDetail({
        actions: {
          confirm: true,
          arrived: false,
          no_show: false,
          cancel: true,
          reschedule: false,
          resend_confirmation: true,
          refundable_cents: null,
          undo: false,
        },
      }),
      {
        [`POST ${DETAIL}/confirm`]: () => ({
          result: buildDetail({
            status: 'confirmed',
            actions: { ...buildDetail().actions, confirm: false },
          }),
        }),
      },
    );
    const { panel } = await openBooking(user);
    const actions = await within(panel).findByRole('region', { name: 'Actions' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Confirm', 'Resend confirmation', 'Cancel booking…']);
    const readsBefore = callsTo(calls, '/api/v1/staff/appointments').length;
    await user.click(within(actions).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(panel).getByRole('status').textContent).toBe('Confirmed.'));
    expect(within(panel).getByText('Confirmed')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Arrived' })).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
    expect(post.body).toEqual({});
    await waitFor(() => expect(callsTo(calls, '/api/v1/staff/appointments').length).toBeGreaterThan(readsBefore));
  });

  it('shows the server’s message when an action is refused', async () => {
    const user = userEvent.setup();
    serve(buildDetail(), {
      [`POST ${DETAIL}/no-show`]: () => ({
        status: 409,
        error: { code: 'CONFLICT', message: 'The visit has not started yet: it cannot be a no-show.' },
      }),
    });
    const { panel } = await openBooking(user);
    await user.click(await within(panel).findByRole('button', { name: 'No-show' }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'The visit has not started yet: it cannot be a no-show.',
    );
  });

  it('cancels with a reason, offering the refund unticked', async () => {
    const user = userEvent.setup();
    const calls = serve(
      buildDetail({ payment: 'paid', actions: { ...buildDetail().actions, refundable_cents: 4500 } }),
      {
        [`POST ${DETAIL}/cancel`]: () => ({
          result: buildDetail({
            status: 'cancelled',
            actions: {
              confirm: false,
              arrived: false,
              no_show: false,
              cancel: false,
              reschedule: false,
              resend_confirmation: false,
              refundable_cents: null,
              undo: false,
            },
          }),
        }),
      },
    );
    const { panel } = await openBooking(user);
    const cancelButton = await within(panel).findByRole('button', { name: 'Cancel booking…' });
    await user.click(cancelButton);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Jane Doe’s booking?' });
    const refund = within(dialog).getByRole<HTMLInputElement>('checkbox', { name: 'Refund $45.00' });
    expect(refund.checked).toBe(false);
    await user.clear(within(dialog).getByLabelText('Why is it cancelled?'));
    await user.type(within(dialog).getByLabelText('Why is it cancelled?'), '  Dentist is ill ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Cancel Jane/ })).not.toBeInTheDocument());
    expect(within(panel).getByRole('status').textContent).toBe('Cancelled. The patient is told.');
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ reason: 'Dentist is ill', refund: false });
    // The Cancel button is gone with the state that offered it: the result holds the focus.
    await waitFor(() => expect(document.activeElement).toBe(within(panel).getByRole('status')));
  });

  it('refunds when the box is ticked; Esc closes only the cancel dialog', async () => {
    const user = userEvent.setup();
    const calls = serve(buildDetail({ actions: { ...buildDetail().actions, refundable_cents: 4500 } }), {
      [`POST ${DETAIL}/cancel`]: () => ({ result: buildDetail({ status: 'cancelled' }) }),
    });
    const { panel } = await openBooking(user);
    const cancelButton = await within(panel).findByRole('button', { name: 'Cancel booking…' });
    await user.click(cancelButton);
    let dialog = await screen.findByRole('dialog', { name: 'Cancel Jane Doe’s booking?' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Cancel Jane/ })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Jane Doe' })).toBeInTheDocument();
    expect(document.activeElement).toBe(cancelButton);
    await user.click(cancelButton);
    dialog = await screen.findByRole('dialog', { name: 'Cancel Jane Doe’s booking?' });
    await user.clear(within(dialog).getByLabelText('Why is it cancelled?'));
    await user.type(within(dialog).getByLabelText('Why is it cancelled?'), 'Patient asked by phone');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Refund $45.00' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the booking' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        reason: 'Patient asked by phone',
        refund: true,
      }),
    );
  });

  it('reschedules to a free time of the chosen day', async () => {
    const user = userEvent.setup();
    const calls = serve(buildDetail(), {
      'GET /api/v1/staff/slots': (call) => ({
        result:
          call.search.get('date') === '2026-11-27'
            ? [
                { DateTimeStart: '2026-11-27 10:00:00', DateTimeEnd: '2026-11-27 10:30:00', ProvNum: 2, OpNum: 12 },
                { DateTimeStart: '2026-11-27 11:00:00', DateTimeEnd: '2026-11-27 11:30:00', ProvNum: 1, OpNum: 11 },
              ]
            : [],
      }),
      [`POST ${DETAIL}/reschedule`]: () => ({
        result: buildDetail({
          apt_date: '2026-11-27',
          start_time: '10:00:00',
          end_time: '10:30:00',
          rescheduled: true,
        }),
      }),
    });
    const { panel } = await openBooking(user);
    await user.click(await within(panel).findByRole('button', { name: 'Reschedule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Jane Doe' });
    expect(await within(dialog).findByText('No free time that day. Try another day or provider.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Day'));
    await user.type(within(dialog).getByLabelText('Day'), '2026-11-27');
    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM, Dr. Ben Brown' }));
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Move the booking' }));
    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe('Rescheduled. The patient is told.'),
    );
    expect(panel.textContent).toContain('Friday, November 27, 10:00 AM–10:30 AM');
    const slotRead = calls.find(
      (call) => call.path === '/api/v1/staff/slots' && call.search.get('date') === '2026-11-27',
    )!;
    expect(slotRead.search.get('reason_id')).toBe('reason-1');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({ apt_date: '2026-11-27', start_time: '10:00:00', pms_prov_num: 2, pms_op_num: 12 });
    expect(post.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
  });

  it('goes to the sign-in when an action answers 401', async () => {
    const user = userEvent.setup();
    serve(buildDetail(), { [`POST ${DETAIL}/arrived`]: () => SIGNED_OUT });
    const { panel } = await openBooking(user);
    await user.click(await within(panel).findByRole('button', { name: 'Arrived' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByRole('status').textContent).toBe('Your session has ended. Sign in again.');
  });
});
