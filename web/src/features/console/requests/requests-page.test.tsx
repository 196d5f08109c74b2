import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import type { StaffRequestItem, StaffRequestList } from '#domain/staff/staff-requests-schemas.ts';
import type { StaffPermission } from '#domain/staff/staff-roles.ts';
import {
  callsTo,
  buildDetail,
  buildSchedule,
  expectNoAxeViolations,
  renderConsole,
  serveConsole,
  shownLocation,
} from '../console-test-kit.tsx';
import { WITHOUT_TIME } from '../../../test/booking-factories.ts';

function buildRequest(overrides: Partial<StaffRequestItem> = {}): StaffRequestItem {
  return {
    id: 'req-1',
    reference: 'BK-2001',
    created_at: '2026-11-24T16:00:00.000Z',
    patient: { first_name: 'Rosa', last_name: 'Diaz', is_new: true },
    email: 'rosa@example.com',
    phone: '+15125550177',
    booked_by: null,
    reason: { id: 'reason-1', name: 'Cleaning' },
    provider: { pms_prov_num: 2, name: 'Dr. Ben Brown' },
    clinic_name: null,
    ...overrides,
  };
}

const PROVIDERS = buildSchedule().providers;
const requestDetail = (overrides: Partial<StaffAppointmentDetail> = {}) =>
  buildDetail({
    id: 'req-1',
    reference: 'BK-2001',
    status: 'requested',
    ...WITHOUT_TIME,
    pms_prov_num: 2,
    pms_op_num: 0,
    patient: {
      first_name: 'Rosa',
      last_name: 'Diaz',
      is_new: true,
      dob: '1991-02-03',
      email: 'rosa@example.com',
      phone: '+15125550177',
      booked_by: null,
    },
    actions: {
      confirm: false,
      arrived: false,
      no_show: false,
      cancel: true,
      reschedule: true,
      resend_confirmation: true,
      refundable_cents: null,
      undo: false,
    },
    ...overrides,
  });

/** Two open requests; giving the first a time takes it off the list. */
function serveRequests(options: { permissions?: StaffPermission[]; total?: number } = {}) {
  let open = [
    buildRequest(),
    buildRequest({
      id: 'req-2',
      reference: 'BK-2002',
      patient: { first_name: 'Teo', last_name: 'Ruiz', is_new: false },
      email: null,
      phone: '+15125550188',
      booked_by: { first_name: 'Paula', last_name: 'Ruiz' },
      provider: null,
      created_at: '2026-11-24T17:30:00.000Z',
    }),
  ];
  const list = (): StaffRequestList => ({
    requests: open,
    total: options.total ?? open.length,
    limit: 200,
    providers: PROVIDERS,
  });
  return serveConsole(
    { permissions: options.permissions },
    {
      'GET /api/v1/staff/requests': () => ({ result: list() }),
      'GET /api/v1/staff/appointments/req-1': () => ({ result: requestDetail() }),
      'GET /api/v1/staff/slots': () => ({
        result: [{ DateTimeStart: '2026-11-27 10:00:00', DateTimeEnd: '2026-11-27 10:30:00', ProvNum: 2, OpNum: 12 }],
      }),
      'POST /api/v1/staff/appointments/req-1/reschedule': () => {
        open = open.filter((r) => r.id !== 'req-1');
        return {
          result: requestDetail({
            status: 'booked',
            starts_at: '2026-11-27T16:00:00.000Z',
            ends_at: '2026-11-27T16:30:00.000Z',
            apt_date: '2026-11-27',
            start_time: '10:00:00',
            end_time: '10:30:00',
            pms_op_num: 12,
          }),
        };
      },
    },
  );
}

describe('requests without a time', () => {
  it('has a nav link with the count; the page lists them oldest first with whom to call', async () => {
    const user = userEvent.setup();
    const calls = serveRequests();
    renderConsole('/console?date=2026-11-25');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    await user.click(await within(nav).findByRole('link', { name: 'Requests 2 waiting' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Requests without a time' })).toBeInTheDocument();
    expect(shownLocation()).toBe('/console/requests');
    const list = await screen.findByRole('list', { name: 'Open requests' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('button').textContent)).toEqual([
      'Rosa Diaz · Cleaning' +
        'New patient · asked for Dr. Ben Brown · requested 2026-11-24 10:00 AM · reference BK-2001',
      'Teo Ruiz · CleaningReturning patient · any provider · requested 2026-11-24 11:30 AM · reference BK-2002',
    ]);
    expect(within(items[0]!).getByRole('link', { name: 'Call +15125550177' }).getAttribute('href')).toBe(
      'tel:+15125550177',
    );
    expect(items[0]!.textContent).toContain('rosa@example.com');
    expect(items[1]!.textContent).toContain('Booked by Paula Ruiz');
    await expectNoAxeViolations();
    // The count is always a poll; the page's own first read is not (the server audits it), its refreshes are.
    const pageReads = callsTo(calls, '/api/v1/staff/requests').filter(
      (call) => call.headers.get('X-Console-Poll') !== '1',
    );
    expect(pageReads).toHaveLength(1);
  });

  it('gives a request a time with the provider asked for, in the panel; it leaves list and count', async () => {
    const user = userEvent.setup();
    const calls = serveRequests();
    renderConsole('/console/requests');
    const list = await screen.findByRole('list', { name: 'Open requests' });
    const opener = within(list).getAllByRole('button')[0]!;
    await user.click(opener);
    const panel = await screen.findByRole('dialog', { name: 'Rosa Diaz' });
    expect(await within(panel).findByText('No time yet: a request to call the patient back')).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Give a time…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give Rosa Diaz a time' });
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Provider' }).value).toBe('2');
    await user.clear(within(dialog).getByLabelText('Day'));
    await user.type(within(dialog).getByLabelText('Day'), '2026-11-27');
    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM, Dr. Ben Brown' }));
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Book this time' }));
    await waitFor(() =>
      expect(within(panel).getByRole('status').textContent).toBe('Booked. The patient gets the confirmation.'),
    );
    expect(panel.textContent).toContain('Friday, November 27, 10:00 AM–10:30 AM');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe('/api/v1/staff/appointments/req-1/reschedule');
    expect(post.body).toEqual({ apt_date: '2026-11-27', start_time: '10:00:00', pms_prov_num: 2, pms_op_num: 12 });
    expect(calls.find((call) => call.path === '/api/v1/staff/slots')!.search.get('pms_prov_num')).toBe('2');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Open requests' })).getAllByRole('listitem')).toHaveLength(1),
    );
    expect(
      await within(screen.getByRole('navigation', { name: 'Console' })).findByRole('link', {
        name: 'Requests 1 waiting',
      }),
    ).toBeInTheDocument();
    // The opener is gone with its request: the page's heading takes the focus.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Requests without a time' }));
  });

  it('says when the list is capped', async () => {
    serveRequests({ total: 205 });
    renderConsole('/console/requests');
    expect((await screen.findByText(/Showing the oldest/)).textContent).toBe(
      'Showing the oldest 2 of 205 requests. The rest appear as these are given a time or cancelled.',
    );
  });

  it('refreshes the list and the count as polls', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const calls = serveRequests();
    renderConsole('/console/requests');
    await screen.findByRole('list', { name: 'Open requests' });
    const before = callsTo(calls, '/api/v1/staff/requests').length;
    await vi.advanceTimersByTimeAsync(30_000);
    await waitFor(() => expect(callsTo(calls, '/api/v1/staff/requests').length).toBeGreaterThanOrEqual(before + 2));
    expect(
      callsTo(calls, '/api/v1/staff/requests')
        .slice(before)
        .every((call) => call.headers.get('X-Console-Poll') === '1'),
    ).toBe(true);
  });

  it('offers no link or page without the bookings permission', async () => {
    const calls = serveRequests({ permissions: ['schedule', 'feedback'] });
    renderConsole('/console/requests');
    expect(await screen.findByRole('heading', { level: 1, name: /November|day/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Console' })).queryByRole('link', { name: /Requests/ }),
    ).not.toBeInTheDocument();
    expect(callsTo(calls, '/api/v1/staff/requests')).toEqual([]);
  });
});
