import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '#domain/staff/staff-accounts-schemas.ts';
import { auditRangeProblem } from './audit-page.tsx';
import {
  callsTo,
  expectNoAxeViolations,
  freezeDateAt,
  renderConsole,
  tableCells,
  serveConsole,
  shownLocation,
} from '../console-test-kit.tsx';

// 03:00 UTC on the 26th is still the 25th in Chicago, the practice's zone.
freezeDateAt('2026-11-26T03:00:00Z');

function buildEntry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: String(id),
    at: '2026-11-25T15:05:00.000Z',
    account_email: 'dana@example.com',
    ip: '203.0.113.9',
    action: 'appointment.view',
    target_type: 'appointment',
    target_id: 'apt-1',
    details: {},
    ...overrides,
  };
}

/** Two pages: the newest with a role change and a booking opened, then (before=2) an older sign-in. */
function serveAudit() {
  return serveConsole(
    {},
    {
      'GET /api/v1/staff/audit': (call) =>
        call.search.get('before') === '2'
          ? {
              result: {
                entries: [
                  buildEntry(1, {
                    action: 'session.sign_in',
                    target_type: null,
                    target_id: null,
                    ip: null,
                    at: '2026-11-19T14:00:00.000Z',
                  }),
                ],
                next_before: null,
              },
            }
          : {
              result: {
                entries: [
                  buildEntry(3, {
                    account_email: 'owner@example.com',
                    action: 'staff.role_change',
                    target_type: 'staff_account',
                    target_id: 'acc-2',
                    details: { from: 'front_desk', to: 'owner', sessions_ended: 1 },
                  }),
                  buildEntry(2, { details: { appointment_ids: ['apt-1', 'apt-2'] } }),
                ],
                next_before: '2',
              },
            },
    },
  );
}

describe('the audit trail page', () => {
  it('shows the practice’s last seven days, newest first, older pages on request, a CSV link of them', async () => {
    const user = userEvent.setup();
    const calls = serveAudit();
    renderConsole('/console/staff');
    await user.click(await screen.findByRole('link', { name: 'Audit trail' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit trail' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Audit trail from 2026-11-19 to 2026-11-25' });
    expect(tableCells(table)).toEqual([
      [
        '2026-11-25 9:05 AM',
        'owner@example.com',
        '203.0.113.9',
        'Changed a role',
        'Staff account acc-2',
        'from: front_desk; to: owner; sessions ended: 1',
      ],
      [
        '2026-11-25 9:05 AM',
        'dana@example.com',
        '203.0.113.9',
        'Opened a booking',
        'Booking apt-1',
        'appointment ids: apt-1, apt-2',
      ],
    ]);
    const first = calls.find((call) => call.path === '/api/v1/staff/audit')!;
    expect(Object.fromEntries(first.search)).toEqual({ from: '2026-11-19', to: '2026-11-25' });
    expect(screen.getByRole('status').textContent).toBe(
      '2 entries from 2026-11-19 to 2026-11-25, newest first; older ones below.',
    );
    const csv = screen.getByRole('link', { name: 'Export CSV of 2026-11-19 to 2026-11-25' });
    expect(csv.getAttribute('href')).toBe('/api/v1/staff/audit/export.csv?from=2026-11-19&to=2026-11-25');
    // Read-only: nothing on the page edits or deletes a row.
    expect(screen.queryByRole('button', { name: /edit|delete|remove/i })).not.toBeInTheDocument();
    await expectNoAxeViolations();

    await user.click(screen.getByRole('button', { name: 'Show older entries' }));
    expect(await within(table).findByText('Signed in')).toBeInTheDocument();
    expect(tableCells(table).at(-1)).toEqual(['2026-11-19 8:00 AM', 'dana@example.com', '—', 'Signed in', '—', '']);
    expect(
      calls
        .filter((call) => call.path === '/api/v1/staff/audit')
        .at(-1)!
        .search.get('before'),
    ).toBe('2');
    expect(screen.queryByRole('button', { name: 'Show older entries' })).not.toBeInTheDocument();
    expect(shownLocation()).toBe('/console/audit');
  });

  it('reads another range from the form, and refuses one the server would without asking it', async () => {
    const user = userEvent.setup();
    const calls = serveAudit();
    renderConsole('/console/audit');
    await screen.findByRole('table');
    const form = screen.getByRole('form', { name: 'Dates to show' });
    const from = within(form).getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-12-01');
    await user.click(within(form).getByRole('button', { name: 'Show' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The end date is before the start date.');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(from.getAttribute('aria-describedby')!)!.textContent).toBe(
      'The end date is before the start date.',
    );
    expect(screen.queryByRole('link', { name: /Export CSV/ })).not.toBeInTheDocument();
    expect(callsTo(calls, '/api/v1/staff/audit')).toHaveLength(1);
    await expectNoAxeViolations();

    await user.clear(from);
    await user.type(from, '2026-11-01');
    await user.click(within(form).getByRole('button', { name: 'Show' }));
    expect(await screen.findByRole('table', { name: 'Audit trail from 2026-11-01 to 2026-11-25' })).toBeInTheDocument();
    expect(shownLocation()).toBe('/console/audit?from=2026-11-01&to=2026-11-25');
    expect(Object.fromEntries(callsTo(calls, '/api/v1/staff/audit').at(-1)!.search)).toEqual({
      from: '2026-11-01',
      to: '2026-11-25',
    });
  });

  it('says when nothing was recorded', async () => {
    serveConsole(
      {},
      {
        'GET /api/v1/staff/audit': () => ({ result: { entries: [], next_before: null } }),
      },
    );
    renderConsole('/console/audit?from=2026-01-01&to=2026-01-31');
    expect(await screen.findByText('Nothing recorded from 2026-01-01 to 2026-01-31.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

describe('auditRangeProblem', () => {
  it('allows up to 366 days, both ends included, and real dates only', () => {
    expect(auditRangeProblem('2026-01-01', '2027-01-01')).toBeNull();
    expect(auditRangeProblem('2026-01-01', '2027-01-02')).toBe('Choose at most 366 days at a time.');
    expect(auditRangeProblem('2026-02-30', '2026-03-01')).toBe('Choose a start and an end date.');
    expect(auditRangeProblem('2026-03-01', '2026-03-01')).toBeNull();
  });
});
