import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { StaffReviewRequestItem } from '#domain/staff/staff-inbox-schemas.ts';
import {
  callsTo,
  expectNoAxeViolations,
  renderConsole,
  serveConsole,
  tableCells,
  type ApiCall,
} from '../console-test-kit.tsx';

function buildReviewRequest(overrides: Partial<StaffReviewRequestItem> = {}): StaffReviewRequestItem {
  return {
    request_id: 'rr-1',
    source: 'admin',
    appointment_id: null,
    patient_first_name: 'Clara',
    patient_last_name: 'Clicks',
    sent_via: ['email', 'sms'],
    created_at: '2026-11-20T15:00:00.000Z',
    is_clicked: true,
    click_count: 2,
    first_clicked_at: '2026-11-20T16:00:00.000Z',
    last_clicked_at: '2026-11-21T16:00:00.000Z',
    feedback_id: 'fb-1',
    ...overrides,
  };
}

/** The service's consent refusal, as the error envelope carries it (message, and the field it is about). */
const NO_CONSENT = {
  status: 422,
  error: {
    code: 'VALIDATION_FAILED',
    message:
      'Nothing was created: send is true, but the patient has no e-mail or phone they agreed to be contacted at.',
    fields: { send: 'no consented e-mail or phone to send to' },
  },
};

function serveReviews(
  send: (call: ApiCall) => { status?: number; result?: unknown; error?: { code: string; message: string } },
): ApiCall[] {
  return serveConsole(
    {},
    {
      'GET /api/v1/staff/review-requests': (call) => ({
        result: {
          from: call.search.get('from'),
          to: call.search.get('to'),
          requests:
            call.search.get('from') === '2026-10-01'
              ? []
              : [
                  buildReviewRequest(),
                  buildReviewRequest({
                    request_id: 'rr-2',
                    source: 'automatic',
                    patient_first_name: 'Ivo',
                    patient_last_name: 'Ignores',
                    sent_via: [],
                    is_clicked: false,
                    click_count: 0,
                    first_clicked_at: null,
                    last_clicked_at: null,
                    feedback_id: null,
                  }),
                ],
        },
      }),
      'POST /api/v1/staff/review-requests': send,
    },
  );
}

describe('the review requests page', () => {
  it('lists the last 30 days’ requests with who clicked, and another range on asking', async () => {
    const user = userEvent.setup();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T18:00:00Z'));
    const calls = serveReviews(() => ({ status: 500 }));
    renderConsole('/console/reviews');
    const table = await screen.findByRole('table', { name: /Review requests from 2026-10-27 to 2026-11-25/ });
    expect(tableCells(table)).toEqual([
      [
        '2026-11-20 9:00 AMFrom the console',
        'e-mail and text',
        'Yes, 2 times, last 2026-11-21 10:00 AM',
        'Private feedback received',
      ],
      ['2026-11-20 9:00 AMAutomatic, after the visit', 'Not sent (link only)', 'No', '—'],
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Clara Clicks' })).toBeInTheDocument();
    await expectNoAxeViolations();

    const days = screen.getByRole('form', { name: 'Days shown' });
    await user.clear(within(days).getByLabelText('From'));
    await user.type(within(days).getByLabelText('From'), '2026-11-30');
    await user.click(within(days).getByRole('button', { name: 'Show' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The end date is before the start date.');
    await user.clear(within(days).getByLabelText('From'));
    await user.type(within(days).getByLabelText('From'), '2026-10-01');
    await user.click(within(days).getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('No review requests in these days.')).toBeInTheDocument();
    expect(callsTo(calls, '/api/v1/staff/review-requests').map((call) => call.search.toString())).toEqual([
      'from=2026-10-27&to=2026-11-25',
      'from=2026-10-01&to=2026-11-25',
    ]);
  });

  it('sends one with the CSRF token and says where it went; the list is read again', async () => {
    const user = userEvent.setup();
    const calls = serveReviews(() => ({
      status: 201,
      result: { request_id: 'rr-9', review_url: 'https://book.example/review/tok', sent_via: ['email'] },
    }));
    renderConsole('/console/reviews');
    const form = await screen.findByRole('form', { name: 'Review request' });
    await screen.findByRole('table');
    await user.clear(within(form).getByLabelText('First name'));
    await user.type(within(form).getByLabelText('First name'), ' Mia ');
    await user.clear(within(form).getByLabelText('Last name'));
    await user.type(within(form).getByLabelText('Last name'), 'Moreno');
    await user.clear(within(form).getByLabelText('E-mail (optional)'));
    await user.type(within(form).getByLabelText('E-mail (optional)'), 'mia@example.com');
    await user.clear(within(form).getByLabelText('Mobile phone (optional)'));
    await user.type(within(form).getByLabelText('Mobile phone (optional)'), '(512) 555-0199');
    await user.click(within(form).getByRole('checkbox', { name: /agreed to receive text and e-mail/ }));
    expect(within(form).getByRole<HTMLInputElement>('checkbox', { name: /Send the link now/ }).checked).toBe(true);
    const listReads = callsTo(calls, '/api/v1/staff/review-requests').length;
    await user.click(within(form).getByRole('button', { name: 'Send review request' }));
    expect((await screen.findByRole('status')).textContent).toBe('Review request sent by e-mail.');
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.body).toEqual({
      patient_first_name: 'Mia',
      patient_last_name: 'Moreno',
      email: 'mia@example.com',
      wireless_phone: '5125550199',
      is_concented: true,
      send: true,
    });
    expect(post.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
    await waitFor(() => expect(callsTo(calls, '/api/v1/staff/review-requests').length).toBeGreaterThan(listReads));
    expect(within(form).getByLabelText<HTMLInputElement>('First name').value).toBe('');
  });

  it('shows the server’s refusal, the field’s part beside the field', async () => {
    const user = userEvent.setup();
    const calls = serveReviews(() => NO_CONSENT);
    renderConsole('/console/reviews');
    const form = await screen.findByRole('form', { name: 'Review request' });
    await user.clear(within(form).getByLabelText('First name'));
    await user.type(within(form).getByLabelText('First name'), 'Mia');
    await user.clear(within(form).getByLabelText('Last name'));
    await user.type(within(form).getByLabelText('Last name'), 'Moreno');
    await user.click(within(form).getByRole('button', { name: 'Send review request' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(NO_CONSENT.error.message);
    const sendBox = within(form).getByRole('checkbox', { name: /Send the link now/ });
    expect(sendBox.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(sendBox.getAttribute('aria-describedby')!)!.textContent).toBe(
      'no consented e-mail or phone to send to',
    );
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({
      patient_first_name: 'Mia',
      patient_last_name: 'Moreno',
      is_concented: false,
      send: true,
    });
    await expectNoAxeViolations();
  });
});
