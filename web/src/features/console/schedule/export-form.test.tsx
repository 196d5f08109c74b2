import { cleanup, createEvent, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  buildSchedule,
  buildSession,
  expectNoAxeViolations,
  renderConsole,
  serveStaffApi,
} from '../console-test-kit.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function serve(permissions = buildSession().permissions) {
  serveStaffApi({
    'GET /api/v1/staff/session': () => ({ result: buildSession({ permissions }) }),
    'GET /api/v1/staff/appointments': () => ({ result: buildSchedule() }),
    'GET /api/v1/staff/feedback': () => ({ result: { feedback: [], open_count: 0 } }),
  });
}

/** Submits the form as the browser would and tells whether it went ahead (jsdom does not navigate on a dispatched submit). */
function submit(form: HTMLFormElement): boolean {
  const event = createEvent.submit(form);
  fireEvent(form, event);
  return !event.defaultPrevented;
}

describe('the CSV export', () => {
  it('is a plain GET form to the export with the shown week as its default range', async () => {
    serve();
    renderConsole('/console?date=2026-11-25&view=week');
    const form = await screen.findByRole('form', { name: 'Export bookings' });
    expect(form.getAttribute('method')).toBe('get');
    expect(form.getAttribute('action')).toMatch(/\/api\/v1\/staff\/appointments\/export\.csv$/);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-23');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('2026-11-29');
    expect([...new FormData(form as HTMLFormElement).keys()]).toEqual(['from', 'to']);
    expect(submit(form as HTMLFormElement)).toBe(true);
    await expectNoAxeViolations();
  });

  it('stops a range the server would refuse, saying why', async () => {
    serve();
    renderConsole('/console?date=2026-11-25');
    const form = (await screen.findByRole('form', { name: 'Export bookings' })) as HTMLFormElement;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-24' } });
    expect(submit(form)).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe('The end date is before the start date.');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2027-11-26' } });
    expect(submit(form)).toBe(false);
    expect(screen.getByRole('alert').textContent).toBe('Export at most 366 days at a time.');
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2027-11-25' } });
    expect(submit(form)).toBe(true);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is not offered without the export permission', async () => {
    serve(['schedule', 'bookings', 'feedback']);
    renderConsole('/console?date=2026-11-25');
    await screen.findByRole('heading', { level: 1, name: 'Wednesday, November 25' });
    expect(screen.queryByRole('form', { name: 'Export bookings' })).toBeNull();
  });
});
