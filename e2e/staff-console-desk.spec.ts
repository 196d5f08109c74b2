import type { APIRequestContext } from '@playwright/test';
import { cleaningSlotsAhead } from './booking-api.ts';
import { expectNoAxeViolations } from './booking-steps.ts';
import { booking, signInToConsole, SIGNED_OUT_CONSOLE_ERRORS } from './console-steps.ts';
import { expect, test } from './fixtures.ts';
import { emailTo } from './manage-steps.ts';
import { uniqueContact } from './verification-steps.ts';

// The front desk on a tablet (ADR 0038): the demo owner of bright-smile books a patient who phoned
// and blocks time, by touch, at the size of a tablet in landscape.
test.use({ ...SIGNED_OUT_CONSOLE_ERRORS, viewport: { width: 1024, height: 768 }, hasTouch: true });

/** A day with free Cleaning times a month or more ahead, beyond the days the other specs book. */
async function freeDayAhead(request: APIRequestContext): Promise<string> {
  const slots = await cleaningSlotsAhead(request, 30, 44);
  expect(slots.length, 'free times a month ahead').toBeGreaterThan(0);
  return slots[0]!.DateTimeStart.slice(0, 10);
}

test('the front desk books a patient who phoned, then blocks an hour and removes it, by touch', async ({
  page,
  request,
}) => {
  const patient = uniqueContact('console-phoned');
  const day = await freeDayAhead(request);
  await signInToConsole(page, day);
  const ben = page.getByRole('region', { name: 'Dr. Ben Carter' });

  // Book: reason, provider, the first free time, and the patient's details as said on the phone.
  const bookButton = page.getByRole('button', { name: 'Book a patient' });
  await bookButton.tap();
  const dialog = page.getByRole('dialog', { name: 'Book a patient' });
  await dialog.getByLabel('Reason for the visit').selectOption({ label: 'Cleaning (45 min)' });
  await dialog.getByLabel('Provider').selectOption({ label: 'Dr. Ben Carter' });
  const firstTime = dialog.getByRole('group', { name: 'Free times' }).getByRole('radio').first();
  await firstTime.check();
  const time = (await firstTime.locator('xpath=..').textContent())!.split(',')[0]!.trim();
  await dialog.getByLabel('First name').fill('Pia');
  await dialog.getByLabel('Last name').fill('Moreno');
  await dialog.getByLabel('Date of birth').fill('1980-05-06');
  await dialog.getByRole('radio', { name: 'Returning patient' }).check();
  await dialog.getByRole('textbox', { name: 'E-mail' }).fill(patient.email);
  await dialog.getByRole('textbox', { name: 'Mobile phone' }).fill(patient.phone);
  await dialog.getByRole('checkbox', { name: /agreed to be contacted/ }).check();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Book the visit' }).tap();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Booked Pia Moreno' })).toContainText(
    `at ${time} with Dr. Ben Carter`,
  );
  await expect(booking(page, 'Pia Moreno')).toBeVisible();
  await expect(ben.getByRole('button', { name: /^Pia Moreno/ })).toContainText(time);
  await expect(bookButton).toBeFocused();

  // Block an hour of Dr. Carter's afternoon: it is shaded in his column only.
  await page.getByRole('button', { name: 'Block time' }).tap();
  const block = page.getByRole('dialog', { name: 'Block time' });
  await expect(block.getByLabel('Day')).toHaveValue(day);
  await block.getByLabel('From').fill('14:00');
  await block.getByLabel('To').fill('15:00');
  await block.getByLabel('For whom').selectOption({ label: 'Dr. Ben Carter' });
  await block.getByLabel('What for (optional)').fill('Staff meeting');
  await block.getByRole('button', { name: 'Block the time' }).tap();
  await expect(block).toBeHidden();
  const shaded = ben.getByRole('button', { name: /^Blocked: Staff meeting 2:00 PM–3:00 PM/ });
  await expect(shaded).toBeVisible();
  await expect(shaded).toHaveAttribute('data-kind', 'blocked');
  await expect(page.getByRole('region', { name: 'Dr. Ana Ruiz' }).getByText(/Staff meeting/)).toHaveCount(0);

  // Remove it, after saying yes.
  await shaded.tap();
  const confirm = page.getByRole('dialog', { name: 'Remove the blocked time?' });
  await confirm.getByRole('button', { name: 'Remove the block' }).tap();
  await expect(confirm).toBeHidden();
  await expect(shaded).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: 'is removed' })).toBeVisible();

  // The patient gets the usual confirmation.
  await emailTo(request, patient.email, /^Your appointment at Bright Smile Dental/);
});
