import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  callsTo,
  buildAppointment,
  buildSchedule,
  expectNoAxeViolations,
  LUNCH_BREAK,
  renderConsole,
  serveConsole,
  shownLocation,
  type ApiCall,
} from '../console-test-kit.tsx';
import type { StaffSchedule } from '#domain/staff/staff-appointment-schemas.ts';

function serveSchedule(schedule: (call: ApiCall) => StaffSchedule): ApiCall[] {
  return serveConsole({}, { 'GET /api/v1/staff/appointments': (call) => ({ result: schedule(call) }) });
}

describe('the schedule', () => {
  it('shows a column per provider, each booking’s time, patient, reason and badges, the shaded time', async () => {
    serveSchedule(() =>
      buildSchedule({
        appointments: [
          buildAppointment({ status: 'confirmed', payment: 'paid', pms_write: 'written' }),
          buildAppointment({
            id: 'apt-2',
            pms_prov_num: 2,
            start_time: '10:00:00',
            end_time: '11:00:00',
            status: 'cancelled',
            rescheduled: true,
            payment: 'refunded',
            pms_write: 'failed',
            patient: { first_name: 'Sam', last_name: 'Lee', is_new: false },
            reason: { id: 'r2', name: 'Filling' },
          }),
          buildAppointment({
            id: 'apt-3',
            pms_prov_num: 2,
            start_time: '13:00:00',
            end_time: '13:30:00',
            status: 'no_show',
            payment: 'unpaid',
            pms_write: 'pending',
            patient: { first_name: 'Ann', last_name: 'Ray', is_new: false },
          }),
          buildAppointment({
            id: 'apt-4',
            pms_prov_num: 1,
            start_time: '14:00:00',
            end_time: '14:30:00',
            status: 'arrived',
            patient: { first_name: 'Tom', last_name: 'Fox', is_new: false },
          }),
        ],
        blocks: [
          LUNCH_BREAK,
          {
            id: 'blk-1',
            kind: 'time_off',
            starts_at: '2026-11-25T21:00:00.000Z',
            ends_at: '2026-11-25T23:00:00.000Z',
            pms_prov_num: 2,
            pms_op_num: null,
            pms_clinic_num: null,
            label: null,
          },
        ],
      }),
    );
    renderConsole('/console?date=2026-11-25');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wednesday, November 25' })).toBeInTheDocument();
    const ada = await screen.findByRole('region', { name: 'Dr. Ada Adams' });
    const ben = screen.getByRole('region', { name: 'Dr. Ben Brown' });
    expect(
      within(ada)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Jane Doe, 9:00 AM–9:30 AM, Cleaning, Confirmed, Paid, Open Dental: written',
      'Tom Fox, 2:00 PM–2:30 PM, Cleaning, Arrived',
    ]);
    expect(
      within(ben)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      'Sam Lee, 10:00 AM–11:00 AM, Filling, Cancelled, Rescheduled, Refunded, Open Dental: failed',
      'Ann Ray, 1:00 PM–1:30 PM, Cleaning, No-show, Unpaid, Open Dental: pending',
    ]);
    // The lunch break shades both columns; Ben's time off only his.
    expect(within(ada).getByText('Break: Lunch 12:00 PM–1:00 PM').getAttribute('data-kind')).toBe('break');
    expect(within(ben).getByText('Break: Lunch 12:00 PM–1:00 PM')).toBeInTheDocument();
    expect(within(ben).getByText('Time off 3:00 PM–5:00 PM').getAttribute('data-kind')).toBe('time_off');
    expect(within(ada).queryByText(/Time off/)).not.toBeInTheDocument();
    // Placed at its time: 9:00 is an hour below the 8:00 top of the grid, at 2 px a minute.
    expect(within(ada).getAllByRole('button')[0]!.style.top).toBe('120px');
  });

  it('has columns per chair when the practice chose chairs, and no axe violations', async () => {
    serveSchedule(() => buildSchedule({ columns: 'chair', appointments: [buildAppointment({ pms_op_num: 12 })] }));
    renderConsole('/console?date=2026-11-25');
    const chair2 = await screen.findByRole('region', { name: 'Chair 2' });
    expect(within(chair2).getByRole('button', { name: /Jane Doe/ })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Chair 1' }).textContent).toContain('No bookings');
    expect(screen.queryByRole('region', { name: 'Dr. Ada Adams' })).not.toBeInTheDocument();
    await expectNoAxeViolations();
  });

  it('filters by clinic when the practice has several', async () => {
    const user = userEvent.setup();
    serveSchedule(() =>
      buildSchedule({
        clinics: [
          { pms_clinic_num: 1, name: 'Downtown' },
          { pms_clinic_num: 2, name: 'Uptown' },
        ],
        providers: [
          { pms_prov_num: 1, name: 'Dr. Ada Adams', pms_clinic_nums: [1] },
          { pms_prov_num: 2, name: 'Dr. Ben Brown', pms_clinic_nums: [2] },
        ],
        appointments: [
          buildAppointment({ pms_clinic_num: 1 }),
          buildAppointment({
            id: 'apt-2',
            pms_clinic_num: 2,
            pms_prov_num: 2,
            patient: { first_name: 'Sam', last_name: 'Lee', is_new: false },
          }),
        ],
      }),
    );
    renderConsole('/console?date=2026-11-25');
    expect(await screen.findByRole('region', { name: 'Dr. Ada Adams' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Sam Lee/ })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Clinic'), '2');
    expect(await screen.findByRole('button', { name: /Sam Lee/ })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Dr. Ada Adams' })).not.toBeInTheDocument();
    expect(shownLocation()).toBe('/console?date=2026-11-25&clinic=2');
  });

  it('moves by key: n/→ next, p/← previous, w week, d day, t today; and by the same buttons', async () => {
    const user = userEvent.setup();
    const calls = serveSchedule((call) =>
      buildSchedule({ from: call.search.get('from')!, to: call.search.get('to')!, appointments: [] }),
    );
    renderConsole('/console?date=2026-11-25');
    await screen.findByRole('heading', { level: 1, name: 'Wednesday, November 25' });
    const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
    await user.keyboard('n');
    await waitFor(() => expect(heading()).toBe('Thursday, November 26'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(heading()).toBe('Friday, November 27'));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(heading()).toBe('Thursday, November 26'));
    await user.keyboard('w');
    await waitFor(() => expect(heading()).toBe('Monday, November 23 to Sunday, November 29'));
    expect(await screen.findByRole('region', { name: 'Wed, Nov 25' })).toBeInTheDocument();
    await user.keyboard('p');
    await waitFor(() => expect(heading()).toBe('Monday, November 16 to Sunday, November 22'));
    await user.click(screen.getByRole('button', { name: 'Next week' }));
    await waitFor(() => expect(heading()).toBe('Monday, November 23 to Sunday, November 29'));
    await user.keyboard('d');
    await waitFor(() => expect(heading()).toBe('Thursday, November 26'));
    // With Ctrl (or Alt, or Meta) a key is the browser's; on a focused button it is still a shortcut.
    await user.keyboard('{Control>}n{/Control}');
    screen.getByRole('button', { name: 'Today' }).focus();
    await user.keyboard('n');
    await waitFor(() => expect(heading()).toBe('Friday, November 27'));
    await user.keyboard('t');
    await waitFor(() => expect(shownLocation()).toBe('/console'));
    expect(
      callsTo(calls, '/api/v1/staff/appointments').map(
        (call) => `${call.search.get('from')}..${call.search.get('to')}`,
      ),
    ).toEqual(
      expect.arrayContaining([
        '2026-11-26..2026-11-26',
        '2026-11-23..2026-11-29',
        '2026-11-16..2026-11-22',
        '2026-11-27..2026-11-27',
      ]),
    );
    expect(screen.getByRole('region', { name: 'Keyboard shortcuts' }).textContent).toContain('T today');
    expect(screen.getByRole('button', { name: 'Today' }).getAttribute('aria-keyshortcuts')).toBe('t');
  });

  it('opens on today in the practice’s time zone, not the tablet’s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 03:00 UTC on the 26th is still the evening of the 25th in Chicago.
    vi.setSystemTime(new Date('2026-11-26T03:00:00Z'));
    const calls = serveSchedule(() => buildSchedule({ appointments: [] }));
    renderConsole('/console');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wednesday, November 25' })).toBeInTheDocument();
    expect(callsTo(calls, '/api/v1/staff/appointments')[0]!.search.get('from')).toBe('2026-11-25');
  });

  it('polls every 5 s with X-Console-Poll, and a new booking appears without a reload', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let appointments = [buildAppointment()];
    const calls = serveSchedule(() => buildSchedule({ appointments }));
    renderConsole('/console?date=2026-11-25');
    await screen.findByRole('button', { name: /Jane Doe/ });
    appointments = [
      ...appointments,
      buildAppointment({
        id: 'apt-9',
        start_time: '11:00:00',
        end_time: '11:30:00',
        patient: { first_name: 'New', last_name: 'Patient', is_new: true },
      }),
    ];
    await vi.advanceTimersByTimeAsync(5_000);
    expect(await screen.findByRole('button', { name: /New Patient/ })).toBeInTheDocument();
    const reads = callsTo(calls, '/api/v1/staff/appointments');
    expect(reads.length).toBeGreaterThanOrEqual(2);
    expect(reads[0]!.headers.get('X-Console-Poll')).toBeNull();
    expect(reads.slice(1).every((call) => call.headers.get('X-Console-Poll') === '1')).toBe(true);
  });
});
