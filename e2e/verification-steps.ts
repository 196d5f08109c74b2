import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { CALENDAR_TEXTS, shownSlotList, takeTime, type ChosenSlot } from './booking-steps.ts';

/** Helpers for the verification and payment specs: codes from the dev outbox, slots away from the other specs. */

export interface OutboxMessage {
  id: string;
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  createdAt: string;
}

export async function outbox(request: APIRequestContext): Promise<OutboxMessage[]> {
  const response = await request.get('/_dev/outbox?format=json');
  expect(response.ok()).toBe(true);
  return (await response.json()) as OutboxMessage[];
}

/**
 * The code of the newest message to `to` on `channel` that is not among `seen` (ids), waiting
 * for the job queue to deliver it. Returns the code and the message.
 */
export async function codeFromOutbox(
  request: APIRequestContext,
  to: string,
  channel: OutboxMessage['channel'],
  seen: ReadonlySet<string> = new Set(),
): Promise<{ code: string; message: OutboxMessage }> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        found = (await outbox(request)).find((m) => m.to === to && m.channel === channel && !seen.has(m.id));
        return found?.id ?? null;
      },
      { timeout: 15_000, message: `a ${channel} to ${to} in the outbox` },
    )
    .not.toBeNull();
  const code = /\b(\d{6})\b/.exec(found!.text)?.[1];
  if (!code) throw new Error(`No 6-digit code in "${found!.text}"`);
  return { code, message: found! };
}

/** A code that is surely not `code`: every digit moved on by one. */
export const wrongCodeFor = (code: string) => code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));

/** A mailbox and a US cell number of our own, so parallel tests never share a send limit or an outbox line. */
export function uniqueContact(tag: string): { email: string; phone: string; e164: string } {
  const line = String(Math.floor(Math.random() * 10_000)).padStart(4, '0');
  const email = `${tag}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}@example.com`;
  return { email, phone: `720555${line}`, e164: `+1720555${line}` };
}

/**
 * Picks the `slotIndex`-th time on the `dayIndex`-th day with slots (0 = the first, which the
 * other specs use), moving to the next month when this one has too few days left. `language`:
 * the page's language, for the step's heading and the calendar's next-month button.
 */
export async function chooseSlotOnDay(
  page: Page,
  dayIndex: number,
  slotIndex: number,
  language: keyof typeof CALENDAR_TEXTS = 'en',
): Promise<ChosenSlot> {
  const list = await shownSlotList(page, language);
  const grid = page.getByRole('grid');
  let days = grid.getByRole('button').and(page.locator(':not([disabled])'));
  let count = await days.count();
  if (count <= dayIndex) {
    await page.getByRole('button', { name: CALENDAR_TEXTS[language].nextMonth }).click();
    await expect(list.getByRole('button').first()).toBeVisible();
    days = grid.getByRole('button').and(page.locator(':not([disabled])'));
    count = await days.count();
  }
  const day = days.nth(Math.min(dayIndex, count - 1));
  const isoDate = await day.locator('xpath=..').getAttribute('data-day');
  await day.click();
  // The day's cell is selected in the same render that shows its heading and times.
  await expect(grid.locator(`[data-day="${isoDate}"]`)).toHaveAttribute('aria-selected', 'true');
  await expect(list.getByRole('button').nth(slotIndex)).toBeVisible();
  return takeTime(page, slotIndex);
}
