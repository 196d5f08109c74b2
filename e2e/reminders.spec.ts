import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations, screenshot } from './booking-steps.ts';
import { expect, test } from './fixtures.ts';
import { bookAWeekAhead, emailTo, manageLinkIn } from './manage-steps.ts';
import { outbox } from './verification-steps.ts';

// Reminders (ADR 0037): the server's clock moved to the reminder's time (no waiting), the e-mail's
// Confirm button and unsubscribe link walked in the browser with axe, a texted C answered.

const HOUR = 3_600_000;

/** When the booking behind a manage link starts, from the manage API. */
async function startOf(request: APIRequestContext, managePath: string): Promise<number> {
  const token = managePath.split('/').at(-1)!;
  const response = await request.get(`/api/v1/appointment/manage/${token}`);
  return Date.parse(((await response.json()) as { result: { starts_at: string } }).result.starts_at);
}

const linkAfter = (text: string, label: string) => new URL(new RegExp(`${label} (\\S+)`).exec(text)![1]!);

test('the reminder e-mail confirms by its button, unsubscribes by its link; a texted C confirms another visit', async ({
  page,
  request,
  moveClock,
}) => {
  const stamp = Date.now().toString(36);
  const email = `reminded.${stamp}@example.com`;
  await bookAWeekAhead(request, email, 5, '5125550171');
  const managePath = manageLinkIn(await emailTo(request, email, /^Your appointment at Bright Smile Dental/));
  const startsAt = await startOf(request, managePath);

  await moveClock(new Date(startsAt - 48 * HOUR + 60_000).toISOString());
  const reminder = await emailTo(request, email, /^Reminder: your appointment at Bright Smile Dental/);
  expect(reminder).not.toContain('Cleaning');

  const confirmUrl = linkAfter(reminder, 'Please confirm that you will come:');
  await page.goto(`${confirmUrl.pathname}${confirmUrl.search}`);
  const confirm = page.getByRole('button', { name: 'Confirm appointment' });
  await expect(confirm).toBeFocused();
  await expectNoAxeViolations(page);
  await screenshot(page, 'reminder-confirm');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your appointment is confirmed');
  await expect(page.getByRole('status')).toHaveText('Thank you. Your appointment is confirmed.');

  const unsubscribe = linkAfter(reminder, 'To stop reminder e-mails from Bright Smile Dental:');
  await page.goto(`${unsubscribe.pathname}${unsubscribe.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stop reminder e-mails?');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Stop reminder e-mails from Bright Smile Dental' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reminder e-mails stopped');
  await expectNoAxeViolations(page);
  await screenshot(page, 'reminder-unsubscribed');

  // A second visit of the same patient, still unconfirmed: its text reminder, and a C texted back.
  await moveClock(new Date().toISOString());
  await bookAWeekAhead(request, email, 9, '5125550171');
  // The outbox is newest first: the second confirmation is the first of two.
  const confirmations = async () =>
    (await outbox(request)).filter((m) => m.to === email && /^Your appointment at/.test(m.subject ?? ''));
  await expect.poll(async () => (await confirmations()).length, { timeout: 15_000 }).toBe(2);
  const secondStart = await startOf(request, manageLinkIn((await confirmations())[0]!.text));
  const textsTo = async (pattern: RegExp) =>
    (await outbox(request)).filter((m) => m.channel === 'sms' && m.to.endsWith('5125550171') && pattern.test(m.text))
      .length;
  // The first visit's own day-before text goes out first (it says the visit is confirmed), so that the
  // second visit's is the latest reminder texted to the number, which a C answers (ADR 0037).
  const textsBefore = await textsTo(/./);
  await moveClock(new Date(startsAt - 24 * HOUR + 60_000).toISOString());
  await expect.poll(() => textsTo(/./), { timeout: 15_000 }).toBeGreaterThan(textsBefore);
  const asksBefore = await textsTo(/Reply C to confirm\./);
  await moveClock(new Date(secondStart - 24 * HOUR + 60_000).toISOString());
  await expect.poll(() => textsTo(/Reply C to confirm\./), { timeout: 15_000 }).toBeGreaterThan(asksBefore);
  const answer = await request.post('/_dev/sms/reply', { data: { from: '+15125550171', body: 'C' } });
  expect(((await answer.json()) as { reply: string }).reply).toMatch(
    /^Thank you! Your appointment at Bright Smile Dental on .+ is confirmed\.$/,
  );
});
