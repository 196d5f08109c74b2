import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../../test/render-routes.tsx';
import type { ManagedAppointment } from '#domain/booking/manage-schemas.ts';
import { changeLanguage } from '../../../lib/i18n/catalogue-registry.ts';
import { WITHOUT_TIME } from '../../../test/booking-factories.ts';
import { buildFormDetails } from '../../../test/practice-factories.ts';
import { ManagePage } from './manage-page.tsx';
import { jsonResponse as json, stubFetch } from '../../../test/fetch-stub.ts';

const fetchMock = stubFetch();
afterEach(async () => {
  cleanup();
  await changeLanguage('en');
  document.head.querySelectorAll('meta[name=robots], meta[name=referrer]').forEach((meta) => meta.remove());
});

const TOKEN = 'T'.repeat(32);
const PRACTICE = buildFormDetails();

function appointment(
  overrides: Partial<ManagedAppointment> = {},
  policy: Partial<ManagedAppointment['policy']> = {},
): ManagedAppointment {
  return {
    reference: 'ACDEF34',
    status: 'booked',
    state: 'booked',
    rescheduled: false,
    language: 'en',
    practice: {
      id: PRACTICE.id,
      name: 'Bright Smile Dental',
      form_url: 'bright-smile',
      phone: '5125550100',
      time_zone: 'America/Chicago',
    },
    location: { name: null, address: '12 Main St' },
    pms_clinic_num: null,
    reason: { id: 'r1', name: 'Cleaning', is_active: true },
    provider: { pms_prov_num: 1, name: 'Dr. Lee' },
    apt_date: '2030-01-08',
    start_time: '09:00:00',
    end_time: '09:30:00',
    starts_at: '2030-01-08T15:00:00.000Z',
    ends_at: '2030-01-08T15:30:00.000Z',
    patient: { first_name: 'Ana', last_name: 'Lopez' },
    payment: { state: 'not_required', amount_cents: null, can_pay: false },
    confirmation: { is_confirmed: false, can_confirm: true },
    policy: {
      can_reschedule: true,
      reschedule_refusal: null,
      reschedule_until: '2030-01-07T15:00:00.000Z',
      reschedules_left: 2,
      can_cancel: true,
      cancel_refusal: null,
      cancel_until: '2030-01-07T15:00:00.000Z',
      refund_until: null,
      refund_cents_if_cancelled_now: null,
      reschedule_cutoff_hours: 24,
      cancel_cutoff_hours: 24,
      ...policy,
    },
    calendar: {
      ics_path: `/api/v1/appointment/manage/${TOKEN}/calendar.ics`,
      google_url: 'https://calendar.google.com/calendar/render?text=x',
      outlook_url: 'https://outlook.live.com/x',
    },
    ...overrides,
  };
}

/** Answers like the server: the booking, the practice's form, and `onPost` for the changes. */
function serve(
  managed: ManagedAppointment,
  onPost: (path: string, init: RequestInit | undefined) => Response = () => json(500, {}),
) {
  fetchMock.mockImplementation(async (input, init) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (init?.method === 'POST') return onPost(path, init);
    if (path === `/api/v1/appointment/manage/${TOKEN}`) return json(200, { success: true, result: managed });
    if (path === `/api/v1/form/${PRACTICE.form_url}`) return json(200, { success: true, result: PRACTICE });
    if (path === `/api/v1/appointment/manage/${TOKEN}/slots`)
      return json(200, {
        success: true,
        result: [{ DateTimeStart: '2030-01-09 10:00:00', DateTimeEnd: '2030-01-09 10:30:00', ProvNum: 1, OpNum: 1 }],
      });
    return json(404, { success: false, code: 'NOT_FOUND', message: 'This link does not open an appointment.' });
  });
}

function renderPage(search = '') {
  renderRoutes(`/bright-smile/appointment/${TOKEN}${search}`, { ':formUrl/appointment/:token': <ManagePage /> });
}

describe('the manage page', () => {
  it('shows the appointment, what the policy allows and until when, unindexed and without a referrer', async () => {
    const user = userEvent.setup();
    serve(appointment());
    renderPage();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Your appointment is booked');
    expect(screen.getByText('Cleaning')).toBeInTheDocument();
    expect(screen.getByText('Dr. Lee')).toBeInTheDocument();
    expect(screen.getByText('ACDEF34')).toBeInTheDocument();
    expect(screen.getByText('Tuesday, January 8, 2030 at 09:00 AM (CST)')).toBeInTheDocument();
    expect(
      screen.getByText('You can change this appointment online until Monday, January 7, 2030 at 09:00 AM (CST).'),
    ).toBeInTheDocument();
    expect(screen.getByText('You can move it online 2 more times.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reschedule' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel appointment' })).toBeInTheDocument();
    expect(document.head.querySelector('meta[name=robots]')?.getAttribute('content')).toBe('noindex, nofollow');
    expect(document.head.querySelector('meta[name=referrer]')?.getAttribute('content')).toBe('no-referrer');
    // Add to calendar: the .ics first, the third parties in a new tab without a referrer.
    await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
    const links = screen.getAllByRole('link').filter((link) => /calendar|Google|Outlook/.test(link.textContent ?? ''));
    expect(links[0]!.getAttribute('href')).toBe(`/api/v1/appointment/manage/${TOKEN}/calendar.ics`);
    expect(screen.getByRole('link', { name: /Google Calendar/ }).getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('past the cutoff, says why and offers the phone instead', async () => {
    serve(
      appointment(
        {},
        { can_reschedule: false, reschedule_refusal: 'cutoff', can_cancel: false, cancel_refusal: 'cutoff' },
      ),
    );
    renderPage();
    expect(await screen.findByText('It is too close to your appointment to change it online.')).toBeInTheDocument();
    expect(screen.getByText('It is too close to your appointment to cancel it online.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(
      screen
        .getAllByRole('link', { name: '(512) 555-0100' })
        .some((link) => link.getAttribute('href') === 'tel:5125550100'),
    ).toBe(true);
  });

  it('shows a request without a time with cancel only, and a cancelled booking read-only', async () => {
    serve(
      appointment(
        {
          state: 'requested',
          status: 'requested',
          ...WITHOUT_TIME,
          calendar: null,
        },
        { can_reschedule: false, reschedule_refusal: 'no_time', cancel_until: null },
      ),
    );
    renderPage();
    expect(await screen.findByText('The office will call you to agree a time.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reschedule' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel appointment' })).toBeInTheDocument();
    cleanup();

    serve(
      appointment(
        { state: 'cancelled', status: 'cancelled', calendar: null },
        { can_reschedule: false, reschedule_refusal: 'ended', can_cancel: false, cancel_refusal: 'ended' },
      ),
    );
    renderPage();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('This appointment is cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book a new appointment' }).getAttribute('href')).toBe('/bright-smile');
  });

  it('asks before cancelling in a dialog Escape closes, returning focus, then cancels with the reason', async () => {
    const user = userEvent.setup();
    const paid = appointment(
      { payment: { state: 'paid', amount_cents: 7500, can_pay: false } },
      { refund_cents_if_cancelled_now: 7500, refund_until: '2030-01-06T15:00:00.000Z' },
    );
    const bodies: unknown[] = [];
    serve(paid, (path, init) => {
      bodies.push({ path, body: JSON.parse(String(init?.body)) });
      return json(200, {
        success: true,
        result: {
          ...paid,
          state: 'cancelled',
          status: 'cancelled',
          calendar: null,
          policy: {
            ...paid.policy,
            can_cancel: false,
            cancel_refusal: 'ended',
            can_reschedule: false,
            reschedule_refusal: 'ended',
          },
        },
      });
    });
    renderPage();
    const open = await screen.findByRole('button', { name: 'Cancel appointment' });
    open.focus();
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Cancel this appointment?' });
    expect(dialog.textContent).toContain(
      'If you cancel before Sunday, January 6, 2030 at 09:00 AM (CST), your deposit of $75.00 is refunded.',
    );
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'It no longer fits my schedule' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(open);

    await user.click(open);
    await user.click(screen.getByRole('radio', { name: 'I am feeling better' }));
    await user.click(screen.getByRole('button', { name: 'Yes, cancel it' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This appointment is cancelled'),
    );
    expect(bodies).toEqual([
      { path: `/api/v1/appointment/manage/${TOKEN}/cancel`, body: { reason: 'feeling_better' } },
    ]);
    expect(screen.getByRole('status').textContent).toBe('Your appointment is cancelled.');
  });

  it("opened from a reminder's Confirm link, focuses the button, and confirms only when it is pressed", async () => {
    const user = userEvent.setup();
    const booked = appointment();
    const posts: string[] = [];
    serve(booked, (path) => {
      posts.push(path);
      return json(200, {
        success: true,
        result: {
          ...booked,
          state: 'confirmed',
          status: 'confirmed',
          confirmation: { is_confirmed: true, can_confirm: false },
        },
      });
    });
    renderPage('?confirm');
    const button = await screen.findByRole('button', { name: 'Confirm appointment' });
    await waitFor(() => expect(document.activeElement).toBe(button));
    expect(posts).toEqual([]);
    await user.click(button);
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your appointment is confirmed'),
    );
    expect(posts).toEqual([`/api/v1/appointment/manage/${TOKEN}/confirm`]);
    expect(screen.getByRole('status').textContent).toBe('Thank you. Your appointment is confirmed.');
    expect(screen.queryByRole('button', { name: 'Confirm appointment' })).not.toBeInTheDocument();
  });

  it('reschedules with one Idempotency-Key per time; says a time taken meanwhile, booking unchanged', async () => {
    const user = userEvent.setup();
    const keys: string[] = [];
    let answer = () => json(409, { success: false, code: 'SLOT_TAKEN', message: 'taken' });
    serve(appointment(), (_path, init) => {
      keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
      return answer();
    });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    await user.click(await screen.findByRole('button', { name: '10:00 AM' }));
    await user.click(screen.getByRole('button', { name: /^Move to/ }));
    expect(await screen.findByText(/that time was just booked by someone else/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your appointment is booked');

    // The same time again (a retry): the same key.
    answer = () => json(503, { success: false, code: 'SERVICE_UNAVAILABLE', message: 'Busy, try again.' });
    await user.click(await screen.findByRole('button', { name: '10:00 AM' }));
    await user.click(screen.getByRole('button', { name: /^Move to/ }));
    await screen.findByText('Busy, try again.');
    answer = () =>
      json(200, {
        success: true,
        result: appointment({
          state: 'rescheduled',
          rescheduled: true,
          starts_at: '2030-01-09T16:00:00.000Z',
          ends_at: '2030-01-09T16:30:00.000Z',
        }),
      });
    await user.click(screen.getByRole('button', { name: /^Move to/ }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your appointment was moved'),
    );
    expect(keys).toHaveLength(3);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
    expect(screen.getByRole('status').textContent).toBe(
      'Your appointment was moved to Wednesday, January 9, 2030 at 10:00 AM (CST).',
    );
  });

  it('says the link does not open an appointment, without the page', async () => {
    fetchMock.mockResolvedValue(
      json(404, { success: false, code: 'NOT_FOUND', message: 'This link does not open an appointment.' }),
    );
    renderPage();
    expect(await screen.findByText('This link does not open an appointment.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel appointment' })).not.toBeInTheDocument();
  });
});

describe('the manage page of a missed visit, and its calendar (ADR 0062)', () => {
  afterEach(() => vi.useRealTimers());

  it('says a no-show was missed, not that it took place', async () => {
    serve(appointment({ status: 'no_show', state: 'past' }));
    renderPage();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('This appointment was missed');
    expect(screen.getByText(/recorded that this visit did not take place/)).toBeInTheDocument();
  });

  it("opens the reschedule calendar on the booking's month rather than today's", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2029-11-20T12:00:00Z'));
    const user = userEvent.setup();
    serve(appointment());
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Reschedule' }));
    expect(await screen.findByRole('grid', { name: 'January 2030' })).toBeInTheDocument();
  });
});
