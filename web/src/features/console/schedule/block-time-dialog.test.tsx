import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ScheduleBlock } from '#domain/staff/staff-appointment-schemas.ts';
import {
  buildSchedule,
  expectNoAxeViolations,
  freezeDateAt,
  LUNCH_BREAK,
  PRACTICE,
  renderConsole,
  serveConsole,
  type ApiCall,
} from '../console-test-kit.tsx';

freezeDateAt('2026-11-24T15:00:00Z');

const MEETING: ScheduleBlock = {
  id: 'blk-9',
  kind: 'blocked',
  starts_at: '2026-11-25T16:00:00.000Z',
  ends_at: '2026-11-25T17:00:00.000Z',
  pms_prov_num: 1,
  pms_op_num: null,
  pms_clinic_num: null,
  label: 'Team meeting',
};

/** A practice whose schedule holds the blocks the staff API made and has not removed. */
function serveBlocks(options: { builtin?: boolean; blocks?: ScheduleBlock[] } = {}) {
  let blocks = [LUNCH_BREAK, ...(options.blocks ?? [])];
  const practice = { ...PRACTICE, builtin_schedule: options.builtin ?? true };
  const calls = serveConsole(
    { practice },
    {
      'GET /api/v1/staff/appointments': () => ({ result: buildSchedule({ blocks: [...blocks] }) }),
      'POST /api/v1/staff/blocks': () => {
        blocks = [...blocks, MEETING];
        return { status: 201, result: { id: MEETING.id, overlapping_bookings: 1 } };
      },
      [`DELETE /api/v1/staff/blocks/${MEETING.id}`]: () => {
        blocks = blocks.filter((b) => b.id !== MEETING.id);
        return { result: { id: MEETING.id } };
      },
    },
  );
  return calls;
}

async function openBlockTime(user: UserEvent) {
  const button = await screen.findByRole('button', { name: 'Block time' });
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  await user.click(button);
  return { button, dialog: await screen.findByRole('dialog', { name: 'Block time' }) };
}

async function retype(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
}

const column = (name: string) => screen.getByRole('region', { name });
const changes = (calls: ApiCall[]) => calls.filter((call) => call.method !== 'GET');

describe('blocking time', () => {
  it('blocks an hour for a provider: the grid shades it, the result is announced, the focus goes back', async () => {
    const user = userEvent.setup();
    const calls = serveBlocks();
    renderConsole('/console?date=2026-11-25');
    const { button, dialog } = await openBlockTime(user);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Day').value).toBe('2026-11-25');
    await retype(user, within(dialog).getByLabelText('From'), '10:00');
    await retype(user, within(dialog).getByLabelText('To'), '11:00');
    await user.selectOptions(within(dialog).getByLabelText('For whom'), 'prov:1');
    await retype(user, within(dialog).getByLabelText('What for (optional)'), ' Team meeting ');
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Block the time' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(
      'Blocked Wednesday, November 25, 10:00 AM–11:00 AM for Dr. Ada Adams. 1 booking in that time stays booked.',
    );
    const shaded = await within(column('Dr. Ada Adams')).findByRole(
      'button',
      { name: /Blocked: Team meeting 10:00 AM–11:00 AM/ },
      { timeout: 2_000 },
    );
    expect(shaded.getAttribute('data-kind')).toBe('blocked');
    expect(within(column('Dr. Ben Brown')).queryByText(/Team meeting/)).not.toBeInTheDocument();
    expect(document.activeElement).toBe(button);
    const [post] = changes(calls);
    expect(post!.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
    expect(post!.body).toEqual({
      date: '2026-11-25',
      start_time: '10:00:00',
      end_time: '11:00:00',
      pms_prov_num: 1,
      pms_op_num: null,
      pms_clinic_num: null,
      label: 'Team meeting',
    });
  });

  it('says in the form’s words what is wrong, focuses it, and sends nothing', async () => {
    const user = userEvent.setup();
    const calls = serveBlocks();
    renderConsole('/console?date=2026-11-25');
    const { dialog } = await openBlockTime(user);
    await retype(user, within(dialog).getByLabelText('From'), '11:00');
    await retype(user, within(dialog).getByLabelText('To'), '10:00');
    await user.click(within(dialog).getByRole('button', { name: 'Block the time' }));
    const end = within(dialog).getByLabelText('To');
    await waitFor(() => expect(document.activeElement).toBe(end));
    expect(document.getElementById(end.getAttribute('aria-describedby')!)?.textContent).toBe(
      'The end must be after the start',
    );
    expect(within(dialog).getByRole('alert').textContent).toBe('Nothing is blocked yet: check the marked fields.');
    await expectNoAxeViolations();
    expect(changes(calls)).toEqual([]);
  });

  it('removes a block staff made after asking; breaks are not buttons', async () => {
    const user = userEvent.setup();
    const calls = serveBlocks({ blocks: [MEETING] });
    renderConsole('/console?date=2026-11-25');
    const ada = await screen.findByRole('region', { name: 'Dr. Ada Adams' });
    expect(within(ada).queryByRole('button', { name: /Break/ })).not.toBeInTheDocument();
    const shaded = within(ada).getByRole('button', { name: /Blocked: Team meeting/ });
    // "Keep it" changes nothing and gives the focus back to the block.
    await user.click(shaded);
    let dialog = await screen.findByRole('dialog', { name: 'Remove the blocked time?' });
    expect(dialog).toHaveTextContent('Wednesday, November 25, 10:00 AM–11:00 AM, for Dr. Ada Adams: Team meeting.');
    await expectNoAxeViolations();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(document.activeElement).toBe(shaded));
    expect(changes(calls)).toEqual([]);

    await user.click(shaded);
    dialog = await screen.findByRole('dialog', { name: 'Remove the blocked time?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove the block' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status', { name: '' }).textContent).toBe(
      'The blocked time on Wednesday, November 25, 10:00 AM–11:00 AM is removed: it can be booked again.',
    );
    await waitFor(() => expect(within(column('Dr. Ada Adams')).queryByText(/Team meeting/)).not.toBeInTheDocument());
    // The block's button is gone: the grid holds the focus.
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Schedule grid' }));
    const [removal] = changes(calls);
    expect(`${removal!.method} ${removal!.path}`).toBe('DELETE /api/v1/staff/blocks/blk-9');
    expect(removal!.headers.get('X-CSRF-Token')).toBe('csrf-token-1');
  });

  it('is not offered to a practice on Open Dental, whose schedule is kept there', async () => {
    serveBlocks({ builtin: false, blocks: [MEETING] });
    renderConsole('/console?date=2026-11-25');
    const ada = await screen.findByRole('region', { name: 'Dr. Ada Adams' });
    expect(within(ada).getByText(/Blocked: Team meeting/).tagName).toBe('DIV');
    expect(within(ada).queryByRole('button', { name: /Blocked/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Block time' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Book a patient' })).toBeInTheDocument();
  });
});
