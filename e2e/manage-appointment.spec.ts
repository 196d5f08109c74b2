import type { Page } from '@playwright/test';
import { expectNoAxeViolations, expectStep, HEADINGS, screenshot } from './booking-steps.ts';
import { bookThrough } from './booking-walk.ts';
import { expect, test } from './fixtures.ts';
import { bookAWeekAhead, emailTo, manageLinkIn } from './manage-steps.ts';

// Manage my appointment (ADR 0036): from the link in the confirmation e-mail to a reschedule and
// a cancel, every state checked with axe, and once by keyboard alone from page 7.

async function expectHeading(page: Page, text: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text);
}

test('from the confirmation e-mail, the patient moves the appointment and then cancels it', async ({
  page,
  request,
}) => {
  const email = `manage.${Date.now().toString(36)}@example.com`;
  await bookAWeekAhead(request, email, 3);
  const confirmation = await emailTo(request, email, /^Your appointment at Bright Smile Dental/);
  await page.goto(manageLinkIn(confirmation));

  await expectHeading(page, 'Your appointment is booked');
  await expect(page.getByText('Cleaning', { exact: true })).toBeVisible();
  await expect(page.getByText('Marta Quinn')).toBeVisible();
  await expect(page.getByText(/^You can change this appointment online until /)).toBeVisible();
  await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex, nofollow');
  await expectNoAxeViolations(page);
  await screenshot(page, 'manage-booked');

  // Reschedule: the booking flow's slot step, fed by the manage link's slots.
  await page.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Choose a new time' })).toBeVisible();
  const list = page.getByTestId('slot-list');
  await expect(list.getByRole('button').first()).toBeVisible();
  await expectNoAxeViolations(page);
  // The first day shown is today, which late in the afternoon has a single time left: take the first.
  await list.getByRole('button').first().click();
  await page.getByRole('button', { name: /^Move to / }).click();
  await expectHeading(page, 'Your appointment was moved');
  await expect(page.getByRole('status')).toHaveText(/^Your appointment was moved to /);
  await expectNoAxeViolations(page);
  await screenshot(page, 'manage-rescheduled');
  await emailTo(request, email, /^Your appointment at Bright Smile Dental was moved: /);

  // Cancel: asked first, with a reason, then read-only.
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'manage-cancel-dialog');
  await dialog.getByRole('radio', { name: 'It no longer fits my schedule' }).check();
  await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expectHeading(page, 'This appointment is cancelled');
  await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Book a new appointment' })).toHaveAttribute('href', '/bright-smile');
  await expectNoAxeViolations(page);
  await screenshot(page, 'manage-cancelled');
  await emailTo(request, email, /^Your appointment at Bright Smile Dental is cancelled$/);

  // The link still opens, read-only, after a reload.
  await page.reload();
  await expectHeading(page, 'This appointment is cancelled');
});

test('by keyboard alone: page 7 leads to the manage page, where the booking is cancelled', async ({ page }) => {
  await bookThrough(page, {
    path: '/bright-smile',
    patientType: 'New Patient',
    reason: 'New Patient Exam',
    provider: 'Dr. Ben Carter',
    slot: 7,
    contact: { email: `keys.${Date.now().toString(36)}@example.com`, visitedBefore: 'No' },
    hasNoInsurance: true,
  });
  await expectStep(page, HEADINGS.booked, null);
  await expect(page.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
  await expectNoAxeViolations(page);
  await screenshot(page, 'page-7-manage-link');

  const manage = page.getByRole('link', { name: 'Manage your appointment' });
  await tabTo(page, manage);
  await page.keyboard.press('Enter');
  await expectHeading(page, 'Your appointment is booked');

  // A booking made minutes ago may be cancelled in its grace period even inside the cutoff.
  const cancel = page.getByRole('button', { name: 'Cancel appointment' });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Cancel this appointment?' });
  await expect(dialog.getByRole('radio').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(cancel).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('radio').first()).toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Yes, cancel it' }));
  await page.keyboard.press('Enter');
  await expectHeading(page, 'This appointment is cancelled');
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
});

/** Presses Tab until `target` has focus (at most 40 times). */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test("at 360 px the reschedule calendar opens on the booking's month and stays inside its card", async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const email = `narrow.${Date.now().toString(36)}@example.com`;
  const date = await bookAWeekAhead(request, email, 0);
  await page.goto(manageLinkIn(await emailTo(request, email, /^Your appointment at Bright Smile Dental/)));
  await page.getByRole('button', { name: 'Reschedule' }).click();

  const month = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(page.getByRole('grid', { name: month })).toBeVisible();
  // ADR 0062: not a pixel past the card's padding, and the page never scrolls sideways.
  const overflow = await page.evaluate(() => {
    const calendar = document.querySelector('.rdp-root')!.getBoundingClientRect();
    const card = document.querySelector('h1')!.parentElement!;
    const inner = card.getBoundingClientRect().right - parseFloat(getComputedStyle(card).paddingRight);
    return { beyondCard: calendar.right - inner, pageScroll: document.documentElement.scrollWidth - 360 };
  });
  expect(overflow.beyondCard).toBeLessThanOrEqual(0);
  expect(overflow.pageScroll).toBeLessThanOrEqual(0);
});
