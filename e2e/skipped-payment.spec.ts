import type { APIRequestContext } from '@playwright/test';
import { demoPractice } from './demo-practices.ts';
import { allowConsoleErrors, expect, httpErrorLine, test } from './fixtures.ts';
import {
  agreeToContact,
  answerNoInsurance,
  choosePatientType,
  chooseReason,
  fillContact,
  PATIENT,
} from './booking-steps.ts';
import { emailTo, manageLinkIn } from './manage-steps.ts';
import { chooseSlotOnDay, uniqueContact } from './verification-steps.ts';

// A patient who cancels at the card checkout is booked, unpaid (ADR 0060): followed in the browser
// from page 5 to the failed page, then by its confirmation e-mail to its reminder, on the clock
// the server lets tests move (ADR 0054).

const HOUR = 3_600_000;
const brightSmile = demoPractice('bright-smile');

// The dev checkout page (served by the server, no favicon link) makes Chromium ask for /favicon.ico.
test.use(allowConsoleErrors(httpErrorLine(404, /\/favicon\.ico$/)));

async function startOf(request: APIRequestContext, managePath: string): Promise<number> {
  const token = managePath.split('/').at(-1)!;
  const response = await request.get(`/api/v1/appointment/manage/${token}`);
  return Date.parse(((await response.json()) as { result: { starts_at: string } }).result.starts_at);
}

test('a skipped payment is confirmed, unpaid, with its link and reference, and gets its reminder', async ({
  page,
  request,
  moveClock,
}) => {
  const { email } = uniqueContact('skipped');
  await page.goto('/bright-smile');
  await choosePatientType(page, 'New Patient');
  await chooseReason(page, 'Teeth Whitening Consultation');
  await chooseSlotOnDay(page, 5, 2);
  await expect(page.getByText(/^\$\d+\.\d{2}, paid when you book$/)).toBeVisible();
  await fillContact(page, { ...PATIENT, email, visitedBefore: 'No' });
  await answerNoInsurance(page);
  await agreeToContact(page, brightSmile.name);
  await page.getByRole('button', { name: 'Pay & Schedule' }).click();
  await expect(page).toHaveURL(/\/_dev\/checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeVisible();

  const confirmation = await emailTo(request, email, /^Your appointment at Bright Smile Dental/);
  expect(confirmation).toMatch(/Not paid yet: \$\d+\.\d{2}/);
  expect(confirmation).toContain('You can pay online with the link below, or at your visit.');
  expect(confirmation).toMatch(/Reference: [A-Z0-9]{7}/);
  const managePath = manageLinkIn(confirmation);
  await page.goto(managePath);
  await expect(page.getByRole('button', { name: 'Pay now' })).toBeVisible();

  const startsAt = await startOf(request, managePath);
  await moveClock(new Date(startsAt - 48 * HOUR + 60_000).toISOString());
  await emailTo(request, email, /^Reminder: your appointment at Bright Smile Dental/);
});
