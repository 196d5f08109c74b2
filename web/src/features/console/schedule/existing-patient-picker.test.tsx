import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildAppointment,
  buildDetail,
  buildSchedule,
  buildSession,
  expectNoAxeViolations,
  renderConsole,
  serveStaffApi,
  type ApiCall,
  BOOKED_BY_DESK,
} from '../console-test-kit.tsx';

const CLEANING = '22222222-2222-4222-8222-222222222222';
const INSURANCE = {
  insurance: 'Delta Dental',
  subscribers_full_name: 'Rosa Diaz',
  subscribers_dob: '1985-06-15',
  subscriber_id: 'DD-555',
  group_number: 'G-77',
  subscribers_phone: null,
  insurance_provider: null,
};
const ROSA_LAST = buildDetail({
  id: 'apt-9',
  reference: 'K7M4PQR',
  language: 'es',
  // As a patient's own booking stores it.
  insurance: { ...INSURANCE, haveDentalInsurance: 'Yes' },
  patient: {
    first_name: 'Rosa',
    last_name: 'Diaz',
    is_new: true,
    dob: '1985-06-15',
    email: 'rosa@example.com',
    phone: '+15125550199',
    booked_by: null,
  },
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-24T15:00:00Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function serve(): ApiCall[] {
  const reason = { id: CLEANING, name: 'Cleaning', final_duration: 30, amount: 0, is_active: true };
  const rosa = (id: string, reference: string, apt_date: string) =>
    buildAppointment({ id, reference, apt_date, patient: { first_name: 'Rosa', last_name: 'Diaz', is_new: false } });
  return serveStaffApi({
    'GET /api/v1/staff/session': () => ({ result: buildSession() }),
    'GET /api/v1/staff/appointments': () => ({ result: buildSchedule() }),
    'GET /api/v1/reason-for-visit': () => ({
      result: [
        {
          ...reason,
          for_new_patients: true,
          for_returning_patients: true,
          is_payment_enabled: false,
          to_show_providers: true,
          providers: [],
        },
      ],
    }),
    'GET /api/v1/staff/slots': () => ({
      result: [{ DateTimeStart: '2026-11-25 10:00:00', DateTimeEnd: '2026-11-25 10:30:00', ProvNum: 1, OpNum: 11 }],
    }),
    'GET /api/v1/staff/search': () => ({
      result: {
        kind: 'dob',
        appointments: [rosa('apt-9', 'K7M4PQR', '2026-10-02'), rosa('apt-3', 'K3M4PQR', '2025-04-01')],
      },
    }),
    'GET /api/v1/staff/appointments/apt-9': () => ({ result: ROSA_LAST }),
    'POST /api/v1/staff/appointments': () => ({ status: 201, result: BOOKED_BY_DESK }),
  });
}

describe('booking a patient who booked before', () => {
  it('finds them by birth date, fills the form from their last booking (insurance too) and books with it', async () => {
    const user = userEvent.setup();
    const calls = serve();
    renderConsole('/console?date=2026-11-25');
    const open = await screen.findByRole('button', { name: 'Book a patient' });
    await waitFor(() => expect(open.hasAttribute('disabled')).toBe(false));
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Book a patient' });

    // Enter searches; it does not submit the booking.
    await user.type(within(dialog).getByRole('searchbox', { name: 'Find the patient' }), '06/15/1985{Enter}');
    const use = await within(dialog).findByRole('button', {
      name: 'Use Rosa Diaz (last visit Friday, October 2, 2026, reference K7M4PQR)',
    });
    // One line per patient: the older booking of the same person is not offered again.
    expect(within(dialog).queryByRole('button', { name: /K3M4PQR/ })).not.toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/v1/staff/search')!.search.get('q')).toBe('06/15/1985');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(use);

    await within(dialog).findByText(/Filled in from Rosa Diaz’s last booking/);
    const value = (label: string) => within(dialog).getByLabelText<HTMLInputElement>(label).value;
    expect([value('First name'), value('Last name'), value('Date of birth'), value('E-mail')]).toEqual([
      'Rosa',
      'Diaz',
      '1985-06-15',
      'rosa@example.com',
    ]);
    expect(value('Mobile phone')).toBe('+15125550199');
    expect(within(dialog).getByRole<HTMLInputElement>('radio', { name: 'Returning patient' }).checked).toBe(true);
    expect(within(dialog).getByLabelText<HTMLSelectElement>('Language of the patient’s messages').value).toBe('es');
    expect(
      within(dialog).getByText(
        'Insurance: Delta Dental, group G-77, subscriber Rosa Diaz (born 1985-06-15), ID DD-555',
      ),
    ).toBeInTheDocument();
    await expectNoAxeViolations();

    const reason = within(dialog).getByRole('combobox', { name: 'Reason for the visit' });
    await within(reason).findByRole('option', { name: 'Cleaning (30 min)' });
    await user.selectOptions(reason, CLEANING);
    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM, Dr. Ada Adams' }));
    await user.click(
      within(dialog).getByRole('checkbox', { name: 'The patient agreed to be contacted by e-mail and text message' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Book the visit' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      first_name: 'Rosa',
      dob: '1985-06-15',
      is_new_patient: false,
      wireless_phone: '+15125550199',
      language: 'es',
      insurance: INSURANCE,
    });
  });
});
