import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import { buildReason } from '../../../test/booking-factories.ts';
import type { StaffAppointment } from '#domain/staff/staff-appointment-schemas.ts';
import {
  callsTo,
  buildAppointment,
  buildSchedule,
  expectNoAxeViolations,
  freezeDateAt,
  renderConsole,
  serveConsole,
  type ApiCall,
  BOOKED_BY_DESK,
} from '../console-test-kit.tsx';

const CLEANING = '22222222-2222-4222-8222-222222222222';
const EXAM = '33333333-3333-4333-8333-333333333333';

// The day before the schedule's day, in Chicago.
freezeDateAt('2026-11-24T15:00:00Z');

// The kit's practice books 30-minute cleanings with no provider to choose.
const buildCleaning = (overrides: Partial<ReasonForVisit> = {}) =>
  buildReason({ id: CLEANING, final_duration: 30, providers: [], ...overrides });

const SLOTS = [
  { DateTimeStart: '2026-11-25 10:00:00', DateTimeEnd: '2026-11-25 10:30:00', ProvNum: 1, OpNum: 11 },
  { DateTimeStart: '2026-11-25 11:00:00', DateTimeEnd: '2026-11-25 11:30:00', ProvNum: 2, OpNum: 12 },
];

type Answer = {
  status?: number;
  result?: unknown;
  error?: { code: string; message: string; fields?: Record<string, string> };
};

/** A practice whose schedule shows what was booked; `book` answers the booking. */
function serveDesk(book: (call: ApiCall) => Answer = () => ({ status: 201, result: BOOKED_BY_DESK })) {
  const appointments: StaffAppointment[] = [buildAppointment()];
  const calls = serveConsole(
    {},
    {
      'GET /api/v1/staff/appointments': () => ({ result: buildSchedule({ appointments: [...appointments] }) }),
      'GET /api/v1/reason-for-visit': () => ({
        result: [
          buildCleaning(),
          buildCleaning({ id: EXAM, name: 'New Patient Exam', final_duration: 60, for_returning_patients: false }),
        ],
      }),
      'GET /api/v1/staff/slots': (call) => ({
        result:
          call.search.get('date') === '2026-11-25'
            ? SLOTS.filter(
                (s) => !call.search.get('pms_prov_num') || String(s.ProvNum) === call.search.get('pms_prov_num'),
              )
            : [],
      }),
      'POST /api/v1/staff/appointments': (call) => {
        const answer = book(call);
        if (!answer.error)
          appointments.push(
            buildAppointment({
              id: 'apt-new',
              start_time: '10:00:00',
              end_time: '10:30:00',
              patient: { first_name: 'Rosa', last_name: 'Diaz', is_new: false },
              booked_by_staff: true,
            }),
          );
        return answer as { status?: number; result?: unknown; error?: { code: string; message: string } };
      },
    },
  );
  return calls;
}

async function openDialog(user: UserEvent) {
  renderConsole('/console?date=2026-11-25');
  const button = await screen.findByRole('button', { name: 'Book a patient' });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  await user.click(button);
  return { button, dialog: await screen.findByRole('dialog', { name: 'Book a patient' }) };
}

async function chooseReason(user: UserEvent, dialog: HTMLElement, id = CLEANING) {
  const reason = within(dialog).getByRole('combobox', { name: 'Reason for the visit' });
  await within(reason).findByRole('option', { name: 'Cleaning (30 min)' });
  await user.selectOptions(reason, id);
}

async function typePatient(user: UserEvent, dialog: HTMLElement) {
  const type = async (label: string, value: string) => {
    await user.clear(within(dialog).getByLabelText(label));
    await user.type(within(dialog).getByLabelText(label), value);
  };
  await type('First name', ' Rosa ');
  await type('Last name', 'Diaz');
  await type('Date of birth', '1985-06-15');
  await user.click(within(dialog).getByRole('radio', { name: 'Returning patient' }));
  await type('Mobile phone', '(512) 555-0199');
  await user.click(
    within(dialog).getByRole('checkbox', { name: 'The patient agreed to be contacted by e-mail and text message' }),
  );
}

const posts = (calls: ApiCall[]) => calls.filter((call) => call.method === 'POST');

describe('booking a patient who phoned', () => {
  it('books into a free time: the schedule shows it, the result is announced, and the focus goes back', async () => {
    const user = userEvent.setup();
    const calls = serveDesk();
    const { button, dialog } = await openDialog(user);
    expect(document.activeElement).toBe(within(dialog).getByRole('heading', { name: 'Book a patient' }));
    expect(within(dialog).getByText('Choose a reason to see the free times.')).toBeInTheDocument();
    await chooseReason(user, dialog);
    await user.click(await within(dialog).findByRole('radio', { name: '11:00 AM, Dr. Ben Brown' }));
    // The page's day is the default; the list follows the provider chosen.
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Provider' }), '1');
    expect(within(dialog).queryByRole('radio', { name: /11:00 AM/ })).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM, Dr. Ada Adams' }));
    await typePatient(user, dialog);
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Book the visit' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(
      'Booked Rosa Diaz on Wednesday, November 25 at 10:00 AM with Dr. Ada Adams, reference K7M2Q9P. ' +
        'The patient gets the confirmation.',
    );
    // Read again at once (not at the next poll), in Dr. Ada Adams's column.
    expect(
      (
        await within(screen.getByRole('region', { name: 'Dr. Ada Adams' })).findByRole(
          'button',
          { name: /Rosa Diaz/ },
          { timeout: 2_000 },
        )
      ).textContent,
    ).toContain('10:00 AM–10:30 AM');
    expect(document.activeElement).toBe(button);
    const [post] = posts(calls);
    expect(post!.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
    expect(post!.body).toEqual({
      reason_id: CLEANING,
      pms_clinic_num: null,
      pms_prov_num: 1,
      apt_date: '2026-11-25',
      start_time: '10:00:00',
      first_name: 'Rosa',
      last_name: 'Diaz',
      dob: '1985-06-15',
      is_new_patient: false,
      email: '',
      wireless_phone: '5125550199',
      message: null,
      language: 'en',
      agreed_to_contact: true,
    });
    const slotRead = calls.find((call) => call.path === '/api/v1/staff/slots')!;
    expect(slotRead.search.get('reason_id')).toBe(CLEANING);
    expect(slotRead.search.has('appointment_id')).toBe(false);
  });

  it('marks each problem by its field in the shared schema’s words, focuses the first, sends nothing', async () => {
    const user = userEvent.setup();
    const calls = serveDesk();
    const { dialog } = await openDialog(user);
    await user.click(within(dialog).getByRole('button', { name: 'Book the visit' }));
    const reason = within(dialog).getByRole('combobox', { name: 'Reason for the visit' });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    const describedBy = (label: string) =>
      document.getElementById(within(dialog).getByLabelText(label).getAttribute('aria-describedby')!)?.textContent;
    expect(describedBy('Reason for the visit')).toBe('Choose a reason for the visit.');
    expect(describedBy('First name')).toBe('First name is required');
    expect(describedBy('Last name')).toBe('Last name is required');
    expect(within(dialog).getByRole('alert').textContent).toBe('Nothing is booked yet: check the marked fields.');
    await expectNoAxeViolations();

    // A reason for new patients only, for a returning patient, and no time chosen.
    await chooseReason(user, dialog, EXAM);
    await typePatient(user, dialog);
    await within(dialog).findByRole('radio', { name: '10:00 AM, Dr. Ada Adams' });
    await user.click(within(dialog).getByRole('button', { name: 'Book the visit' }));
    await waitFor(() => expect(describedBy('First name')).toBeUndefined());
    expect(
      document.getElementById(
        within(dialog).getByRole('radio', { name: 'Returning patient' }).getAttribute('aria-describedby')!,
      )?.textContent,
    ).toBe('New Patient Exam is for new patients only.');
    const firstTime = within(dialog).getByRole('radio', { name: '10:00 AM, Dr. Ada Adams' });
    expect(document.getElementById(firstTime.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Choose a free time.',
    );
    await waitFor(() => expect(document.activeElement).toBe(firstTime));
    expect(posts(calls)).toEqual([]);
  });

  it('keeps the form when the time was just taken, says so beside the times, and reads them again', async () => {
    const user = userEvent.setup();
    let taken = false;
    const calls = serveDesk(() => {
      taken = true;
      return { status: 409, error: { code: 'SLOT_TAKEN', message: 'Somebody just booked this time. Choose another.' } };
    });
    const { dialog } = await openDialog(user);
    await chooseReason(user, dialog);
    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM, Dr. Ada Adams' }));
    await typePatient(user, dialog);
    const slotReads = () => callsTo(calls, '/api/v1/staff/slots').length;
    const readsBefore = slotReads();
    await user.click(within(dialog).getByRole('button', { name: 'Book the visit' }));
    await waitFor(() =>
      expect(within(dialog).getByText('Somebody just booked this time. Choose another.')).toBeInTheDocument(),
    );
    expect(taken).toBe(true);
    await waitFor(() => expect(slotReads()).toBeGreaterThan(readsBefore));
    expect(screen.getByRole('dialog', { name: 'Book a patient' })).toBeInTheDocument();
    expect(within(dialog).getByLabelText<HTMLInputElement>('First name').value).toBe(' Rosa ');
  });

  it('shows the server’s field problems beside their fields', async () => {
    const user = userEvent.setup();
    serveDesk(() => ({
      status: 422,
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Check the fields.',
        fields: { wireless_phone: 'Please enter a valid mobile phone number' },
      },
    }));
    const { dialog } = await openDialog(user);
    await chooseReason(user, dialog);
    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM, Dr. Ada Adams' }));
    await typePatient(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Book the visit' }));
    const phone = within(dialog).getByLabelText('Mobile phone');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please enter a valid mobile phone number',
    );
  });

  it('opens from a tap on free time in a provider’s column, with that day, provider and time chosen', async () => {
    const user = userEvent.setup();
    serveDesk();
    renderConsole('/console?date=2026-11-25');
    const ben = await screen.findByRole('region', { name: 'Dr. Ben Brown' });
    // The grid starts at 8:00, 2 px a minute: 370 px down is 11:05, rounded down to 11:00.
    await user.pointer({
      keys: '[MouseLeft]',
      target: ben.querySelector('h2')!.nextElementSibling!,
      coords: { clientY: 370 },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Book a patient' });
    expect(within(dialog).getByRole<HTMLSelectElement>('combobox', { name: 'Provider' }).value).toBe('2');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Day').value).toBe('2026-11-25');
    await chooseReason(user, dialog);
    const time = await within(dialog).findByRole<HTMLInputElement>('radio', { name: '11:00 AM, Dr. Ben Brown' });
    expect(time.checked).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Schedule grid' }));
  });
});
