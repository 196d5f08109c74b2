import { within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildDetail, openBookingPanel, PRACTICE } from '../console-test-kit.tsx';

// What the booking panel reads out at the desk, in words rather than stored keys (ADR 0067).
const DELTA = {
  insurance: 'Delta Dental',
  haveDentalInsurance: 'Yes',
  subscribers_full_name: 'John Doe',
  subscribers_dob: '1962-03-04',
  subscribers_phone: '+15125550142',
  group_number: 'G-77',
  subscriber_id: 'D-123',
};

const termsOf = (panel: HTMLElement, section: string) => {
  const heading = within(panel).getByRole('heading', { name: section });
  const list = heading.parentElement!;
  return [...list.querySelectorAll('dt')].map((term) => `${term.textContent}: ${term.nextSibling?.textContent}`);
};

describe('the booking panel in words', () => {
  it('shows insurance as labelled fields and one line to read out, phones in one format', async () => {
    const { panel } = await openBookingPanel(userEvent.setup(), buildDetail({ insurance: DELTA }));
    expect(termsOf(panel, 'Insurance')).toEqual([
      'In short: Delta Dental, group G-77, subscriber John Doe (born 1962-03-04), member ID D-123',
      'Carrier: Delta Dental',
      'Group: G-77',
      'Member ID: D-123',
      'Subscriber: John Doe',
      'Subscriber’s date of birth: 1962-03-04',
      'Subscriber’s phone: (512) 555-0142',
    ]);
    expect(termsOf(panel, 'Patient')).toContain('Phone: (512) 555-0100');
  });

  it.each([
    [
      'allowed while the newest decision grants it',
      [{ channel: 'sms', granted: true, source: 'booking_form', at: '2026-11-20T15:00:00.000Z' }],
      ['Texts: allowed (on the booking form, 2026-11-20 9:00 AM)'],
    ],
    [
      'opted out after a STOP reply, whatever was granted before',
      [
        { channel: 'email', granted: true, source: 'booking_form', at: '2026-11-20T15:00:00.000Z' },
        { channel: 'sms', granted: true, source: 'booking_form', at: '2026-11-20T15:00:00.000Z' },
        { channel: 'sms', granted: false, source: 'sms_reply', at: '2026-11-22T18:30:00.000Z' },
      ],
      [
        'E-mails: allowed (on the booking form, 2026-11-20 9:00 AM)',
        'Texts: opted out on 2026-11-22 12:30 PM (by a text reply)',
      ],
    ],
  ])('reads consent as %s', async (_, consent, shown) => {
    const { panel } = await openBookingPanel(userEvent.setup(), buildDetail({ consent }));
    expect(termsOf(panel, 'Consent')).toEqual(shown);
  });

  it('tells the message history in words, with the text’s number in the one format', async () => {
    const sent = { error: null, at: '2026-11-24T15:00:00.000Z' };
    const detail = buildDetail({
      messages: [
        { ...sent, channel: 'email', kind: 'booking-confirmation', recipient: 'jane@example.com', status: 'delivered' },
        { ...sent, channel: 'sms', kind: 'reminder', recipient: '+15125550100', status: 'undelivered' },
        { ...sent, channel: 'sms', kind: 'pms-change-undone-patient', recipient: '+15125550100', status: 'queued' },
      ],
    });
    const { panel } = await openBookingPanel(userEvent.setup(), detail);
    const rows = within(within(panel).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((row) => [...row.querySelectorAll('td')].slice(1).map((cell) => cell.textContent))).toEqual([
      ['Booking confirmation, by e-mail', 'jane@example.com', 'delivered'],
      ['Reminder, by text', '(512) 555-0100', 'not delivered'],
      ['Pms change undone patient, by text', '(512) 555-0100', 'waiting to be sent'],
    ]);
  });

  it('names the clinic’s time zone where it is not the practice’s (ADR 0061), and only there', async () => {
    const elsewhere = buildDetail({
      time_zone: 'America/New_York',
      start_time: '10:00:00',
      end_time: '10:30:00',
      other_bookings: [
        {
          id: 'apt-0',
          reference: 'BK-0999',
          status: 'arrived',
          starts_at: '2026-10-02T13:00:00.000Z',
          apt_date: '2026-10-02',
          start_time: '09:00:00',
          end_time: '09:30:00',
          reason_name: 'Exam',
          provider_name: 'Dr. Ada Adams',
        },
      ],
    });
    const { panel } = await openBookingPanel(userEvent.setup(), elsewhere);
    expect(PRACTICE.time_zone).toBe('America/Chicago');
    expect(panel.textContent).toContain('Wednesday, November 25, 10:00 AM–10:30 AM EST (America/New_York)');
    expect(panel.textContent).toContain('9:00 AM EDT (America/New_York) · Exam');
  });

  it('says no zone for a booking in the practice’s own', async () => {
    const { panel } = await openBookingPanel(userEvent.setup(), buildDetail());
    await within(panel).findByText(/reference BK-1001/);
    expect(panel.textContent).not.toMatch(/\((America|Europe)\//);
  });
});
