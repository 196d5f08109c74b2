import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffFeedbackDetail, StaffFeedbackItem } from '#domain/staff/staff-inbox-schemas.ts';
import type { StaffPermission } from '#domain/staff/staff-roles.ts';
import { expectNoAxeViolations, renderConsole, serveConsole, shownLocation } from '../console-test-kit.tsx';

function buildItem(overrides: Partial<StaffFeedbackItem> = {}): StaffFeedbackItem {
  return {
    id: 'fb-1',
    category: 'Wait time',
    excerpt: 'I waited forty minutes past my time.',
    created_at: '2026-11-24T16:00:00.000Z',
    status: 'open',
    patient: { first_name: 'Jane', last_name: 'Doe' },
    visit: { appointment_id: 'apt-1', reference: 'BK-1001', apt_date: '2026-11-20', start_time: '09:00:00' },
    handled: null,
    ...overrides,
  };
}

function buildFeedbackDetail(overrides: Partial<StaffFeedbackDetail> = {}): StaffFeedbackDetail {
  const { excerpt: _excerpt, ...item } = buildItem();
  return {
    ...item,
    text: 'I waited forty minutes past my time. Nobody told me why.',
    patient: {
      first_name: 'Jane',
      last_name: 'Doe',
      email: 'jane@example.com',
      phone: '+15125550100',
      dob: '1990-04-02',
    },
    request: { id: 'rr-1', source: 'automatic', created_at: '2026-11-21T15:00:00.000Z' },
    ...overrides,
  };
}

/** A practice with one open feedback that the "handled" call moves to the handled list. */
function serveInbox(permissions?: StaffPermission[]) {
  let handled = false;
  const handledItem = () =>
    buildItem({
      status: 'handled',
      handled: { at: '2026-11-25T15:00:00.000Z', by: 'Olivia Owner', note: 'Called her back.' },
    });
  return serveConsole(
    { permissions },
    {
      'GET /api/v1/staff/feedback': (call) => {
        const open = handled ? [] : [buildItem()];
        return {
          result: {
            feedback: call.search.get('status') === 'handled' ? (handled ? [handledItem()] : []) : open,
            open_count: open.length,
          },
        };
      },
      'GET /api/v1/staff/feedback/fb-1': () => ({ result: buildFeedbackDetail() }),
      'POST /api/v1/staff/feedback/fb-1/handled': () => {
        handled = true;
        const { excerpt: _excerpt, ...item } = handledItem();
        return { result: { ...buildFeedbackDetail(), ...item, patient: buildFeedbackDetail().patient } };
      },
    },
  );
}

describe('the console navigation', () => {
  it('links the schedule and the feedback with its open count, marking the current page', async () => {
    const user = userEvent.setup();
    serveInbox();
    renderConsole('/console?date=2026-11-25');
    const nav = await screen.findByRole('navigation', { name: 'Console' });
    const schedule = within(nav).getByRole('link', { name: 'Schedule' });
    expect(schedule.getAttribute('aria-current')).toBe('page');
    const feedback = await within(nav).findByRole('link', { name: 'Feedback 1 open' });
    expect(feedback.getAttribute('aria-current')).toBeNull();
    await user.click(feedback);
    expect(await screen.findByRole('heading', { level: 1, name: 'Feedback' })).toBeInTheDocument();
    expect(shownLocation()).toBe('/console/feedback');
    expect(
      within(nav)
        .getByRole('link', { name: /Feedback/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    expect(schedule.getAttribute('aria-current')).toBeNull();
  });

  it('offers no feedback link or page without the feedback permission', async () => {
    const calls = serveInbox(['schedule', 'bookings']);
    renderConsole('/console/feedback');
    // The schedule answers an address it does not know, as before.
    expect(await screen.findByRole('heading', { level: 1, name: /November/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Console' })).queryByRole('link', { name: /Feedback/ }),
    ).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/api/v1/staff/feedback'))).toBe(false);
  });
});

describe('the feedback inbox', () => {
  it('lists open feedback, shows one in full and marks it handled with a note; the lists refresh', async () => {
    const user = userEvent.setup();
    const calls = serveInbox();
    renderConsole('/console/feedback');
    const list = await screen.findByRole('list', { name: 'Open feedback' });
    const item = within(list).getByRole('button');
    expect(item.textContent).toBe(
      'Jane Doe · Wait time · Open' +
        'I waited forty minutes past my time.' +
        'Visit Friday, November 20, 9:00 AM · Sent 2026-11-24 10:00 AM',
    );
    await expectNoAxeViolations();

    await user.click(item);
    const dialog = await screen.findByRole('dialog', { name: 'Feedback from Jane Doe' });
    expect(
      await within(dialog).findByText('I waited forty minutes past my time. Nobody told me why.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('jane@example.com')).toBeInTheDocument();
    expect(within(dialog).getByText('Friday, November 20, 9:00 AM · reference BK-1001')).toBeInTheDocument();
    await expectNoAxeViolations();

    await user.clear(within(dialog).getByLabelText('Note (optional)'));
    await user.type(within(dialog).getByLabelText('Note (optional)'), '  Called her back.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark handled' }));
    expect(await within(dialog).findByText('Marked handled.')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.path).toBe('/api/v1/staff/feedback/fb-1/handled');
    expect(post.body).toEqual({ note: 'Called her back.' });
    expect(post.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
    expect(within(dialog).getByText('Olivia Owner')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Mark handled' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await screen.findByText('No open feedback.')).toBeInTheDocument();
    // The badge went with the last open item.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Feedback' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Handled' }));
    const handled = await screen.findByRole('list', { name: 'Handled feedback' });
    expect(within(handled).getByRole('button').textContent).toContain('Handled');
    expect(screen.getByRole('button', { name: 'Handled' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows the server’s message when marking fails (someone handled it first)', async () => {
    const user = userEvent.setup();
    serveConsole(
      {},
      {
        'GET /api/v1/staff/feedback': () => ({ result: { feedback: [buildItem()], open_count: 1 } }),
        'GET /api/v1/staff/feedback/fb-1': () => ({ result: buildFeedbackDetail() }),
        'POST /api/v1/staff/feedback/fb-1/handled': () => ({
          status: 409,
          error: { code: 'FEEDBACK_ALREADY_HANDLED', message: 'This feedback was handled already.' },
        }),
      },
    );
    renderConsole('/console/feedback');
    await user.click(within(await screen.findByRole('list', { name: 'Open feedback' })).getByRole('button'));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('button', { name: 'Mark handled' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('This feedback was handled already.');
  });
});
