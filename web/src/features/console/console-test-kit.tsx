import { cleanup, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type {
  ScheduleBlock,
  StaffAppointment,
  StaffAppointmentDetail,
  StaffSchedule,
} from '#domain/staff/staff-appointment-schemas.ts';
import type { StaffSession } from '#domain/staff/staff-session-schemas.ts';
import { ConsoleApp } from './console-app.tsx';

/** Test data and a fake staff API for the console's web tests (fetch is mocked, as in the other web tests). */

// Every file that uses the kit gets the same teardown: the rendered console, the mocked fetch and any fake clock go.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

/** Freezes the date (timers stay real) at `iso` for each test of the calling file. */
export function freezeDateAt(iso: string) {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(iso));
  });
}

export const PRACTICE = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Bright Smile Dental',
  form_url: 'bright-smile',
  time_zone: 'America/Chicago',
  builtin_schedule: true,
};

export function buildSession(overrides: Partial<StaffSession> = {}): StaffSession {
  return {
    account: { id: 'acc-1', email: 'owner@example.com', name: 'Olivia Owner', role: 'owner', totp_enabled: false },
    practice: PRACTICE,
    practices: [PRACTICE],
    permissions: ['schedule', 'bookings', 'feedback', 'staff', 'export', 'audit', 'security', 'settings', 'insights'],
    csrf_token: 'csrf-token-1',
    idle_minutes: 30,
    expires_at: '2026-11-25T23:00:00.000Z',
    must_set_up_totp: false,
    ...overrides,
  };
}

export function buildAppointment(overrides: Partial<StaffAppointment> = {}): StaffAppointment {
  return {
    id: 'apt-1',
    reference: 'BK-1001',
    status: 'booked',
    rescheduled: false,
    payment: 'not_required',
    pms_write: null,
    starts_at: '2026-11-25T15:00:00.000Z',
    ends_at: '2026-11-25T15:30:00.000Z',
    apt_date: '2026-11-25',
    start_time: '09:00:00',
    end_time: '09:30:00',
    time_zone: PRACTICE.time_zone,
    pms_clinic_num: null,
    pms_prov_num: 1,
    pms_op_num: 11,
    reason: { id: 'reason-1', name: 'Cleaning' },
    patient: { first_name: 'Jane', last_name: 'Doe', is_new: true },
    booked_by_staff: false,
    ...overrides,
  };
}

export function buildSchedule(overrides: Partial<StaffSchedule> = {}): StaffSchedule {
  return {
    from: '2026-11-25',
    to: '2026-11-25',
    time_zone: PRACTICE.time_zone,
    columns: 'provider',
    clinics: [],
    providers: [
      { pms_prov_num: 1, name: 'Dr. Ada Adams', pms_clinic_nums: [] },
      { pms_prov_num: 2, name: 'Dr. Ben Brown', pms_clinic_nums: [] },
    ],
    chairs: [
      { pms_op_num: 11, name: 'Chair 1', pms_clinic_num: null },
      { pms_op_num: 12, name: 'Chair 2', pms_clinic_num: null },
    ],
    appointments: [buildAppointment()],
    blocks: [],
    hours: [{ date: '2026-11-25', opens: '08:00', closes: '17:00' }],
    ...overrides,
  };
}

/** 12:00-13:00 in Chicago (UTC-6 in November), for everyone. */
/** What `POST /api/v1/staff/appointments` answers for the kit's phoned-in booking. */
export const BOOKED_BY_DESK = {
  id: 'apt-new',
  reference: 'K7M2Q9P',
  status: 'booked',
  apt_date: '2026-11-25',
  start_time: '10:00:00',
  end_time: '10:30:00',
  pms_prov_num: 1,
  pms_op_num: 11,
};

export const LUNCH_BREAK: ScheduleBlock = {
  id: null,
  kind: 'break',
  starts_at: '2026-11-25T18:00:00.000Z',
  ends_at: '2026-11-25T19:00:00.000Z',
  pms_prov_num: null,
  pms_op_num: null,
  pms_clinic_num: null,
  label: 'Lunch',
};

export function buildDetail(overrides: Partial<StaffAppointmentDetail> = {}): StaffAppointmentDetail {
  const base = buildAppointment();
  return {
    ...base,
    patient: { ...base.patient, dob: '1990-04-02', email: 'jane@example.com', phone: '+15125550100', booked_by: null },
    provider_name: 'Dr. Ada Adams',
    chair_name: 'Chair 1',
    clinic_name: null,
    message: 'My tooth hurts a little.',
    replies: [],
    insurance: { carrier: 'Delta Dental' },
    language: 'en',
    consent: [{ channel: 'sms', granted: true, source: 'booking_form', at: '2026-11-20T15:00:00.000Z' }],
    verification: { verified: true, channel: 'sms', at: '2026-11-20T15:01:00.000Z' },
    payment_detail: { amount_cents: null, paid_at: null },
    tracking: { source: 'google', campaign: 'fall', medium: 'cpc', referrer: null },
    messages: [
      {
        channel: 'email',
        kind: 'booking_confirmation',
        recipient: 'jane@example.com',
        status: 'delivered',
        error: null,
        at: '2026-11-20T15:02:00.000Z',
      },
    ],
    history: [
      { type: 'booking.created', at: '2026-11-20T15:00:00.000Z', actor: { kind: 'patient' } },
      {
        type: 'booking.cancelled',
        at: '2026-11-21T15:00:00.000Z',
        actor: { kind: 'staff', email: 'desk@example.com' },
        detail: { reason: 'Dentist is ill', refund_cents: 2500 },
      },
    ],
    actions: {
      confirm: true,
      arrived: true,
      no_show: true,
      cancel: true,
      reschedule: true,
      resend_confirmation: true,
      refundable_cents: null,
      undo: false,
    },
    other_bookings: [],
    ...overrides,
  };
}

export interface ApiCall {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type ApiAnswer = {
  status?: number;
  result?: unknown;
  error?: { code: string; message: string; fields?: Record<string, string>; stranded?: unknown[] };
  headers?: Record<string, string>;
};
export type ApiHandler = (call: ApiCall) => ApiAnswer | undefined;

/**
 * Mocks fetch with `routes`, keyed "METHOD /api/v1/path" (no query), each answering
 * `{ result }` (200) or `{ status, error }`. Anything else answers 404. Returns the calls made.
 */
export function serveStaffApi(routes: Record<string, ApiHandler>): ApiCall[] {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      headers: new Headers(init?.headers),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const answer = routes[`${call.method} ${call.path}`]?.(call) ?? {
      status: 404,
      error: { code: 'NOT_FOUND', message: 'Not found.' },
    };
    const status = answer.status ?? 200;
    const body = answer.error ? { success: false, ...answer.error } : { success: true, result: answer.result };
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/**
 * serveStaffApi for a signed-in console: the session (the kit's owner with `session`'s changes, read at each
 * call), the kit's schedule, an empty feedback inbox and no requests answer unless `routes` answers otherwise.
 */
export function serveConsole(
  session: Partial<StaffSession> | (() => Partial<StaffSession>),
  routes: Record<string, ApiHandler>,
): ApiCall[] {
  const sessionNow = () => {
    const base = buildSession();
    const changes = typeof session === 'function' ? session() : session;
    return { ...base, ...changes, permissions: changes.permissions ?? base.permissions };
  };
  return serveStaffApi({
    'GET /api/v1/staff/session': () => ({ result: sessionNow() }),
    'GET /api/v1/staff/appointments': () => ({ result: buildSchedule() }),
    'GET /api/v1/staff/feedback': () => ({ result: { feedback: [], open_count: 0 } }),
    'GET /api/v1/staff/requests': () => ({ result: { requests: [], total: 0, limit: 200, providers: [] } }),
    ...routes,
  });
}

/** The calls made to one path (any method, any query). */
export const callsTo = (calls: ApiCall[], path: string) => calls.filter((call) => call.path === path);

/** A table's body as text, row by row and cell by cell. */
export const tableCells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

export const SIGNED_OUT: ApiAnswer = {
  status: 401,
  error: { code: 'UNAUTHORIZED', message: 'Your session has ended. Sign in again.' },
};

const seen = { location: '' };
function LocationProbe() {
  const location = useLocation();
  useEffect(() => {
    seen.location = `${location.pathname}${location.search}`;
  }, [location]);
  return null;
}

/** The address the console is at now (path and query). */
export const shownLocation = () => seen.location;

export function renderConsole(path = '/console') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="console/*" element={<ConsoleApp />} />
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
}

/** axe on what is rendered; jsdom draws nothing, so colour contrast is left to the e2e run. */
export async function expectNoAxeViolations(root: Element = document.body) {
  const results = await axe.run(root, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`)).toEqual([]);
}

/** The console on the kit's day with `detail` as booking apt-1 (and any `routes` more), its panel opened. */
export async function openBookingPanel(
  user: { click(element: Element): Promise<void> },
  detail: StaffAppointmentDetail,
  routes: Record<string, ApiHandler> = {},
): Promise<{ panel: HTMLElement; calls: ApiCall[] }> {
  const calls = serveStaffApi({
    'GET /api/v1/staff/session': () => ({ result: buildSession() }),
    'GET /api/v1/staff/appointments': () => ({ result: buildSchedule() }),
    'GET /api/v1/staff/appointments/apt-1': () => ({ result: detail }),
    ...routes,
  });
  renderConsole('/console?date=2026-11-25');
  await user.click(await screen.findByRole('button', { name: /Jane Doe/ }));
  return { panel: await screen.findByRole('dialog', { name: 'Jane Doe' }), calls };
}
