import type { Page } from '@playwright/test';
import { demoPractice } from './demo-practices.ts';
import { expect, test } from './fixtures.ts';
import { chooseSlot, expectNoAxeViolations, expectStep, HEADINGS } from './booking-steps.ts';
import { walkToSlots } from './booking-walk.ts';

/**
 * The calendar opens on the practice's current month, or on the next one when this one has no time
 * left (its last open day, after hours): read from the real clock, the month these tests expect
 * would be wrong on such evenings. They pin the server's and the page's clock to a morning in the
 * middle of a month instead.
 */
const NOW = '2027-03-10T09:00:00-06:00';
const NOW_MONTH = '2027-03';

// The expected captions come from Intl, not from the product's own table of month names.
const MONTH_CAPTION = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "March 2027" (the pinned month) moved on by `offset` months. */
function monthCaption(offset: number): string {
  const [year, month] = NOW_MONTH.split('-').map(Number);
  return MONTH_CAPTION.format(Date.UTC(year!, month! - 1 + offset, 1));
}

const toSlotStep = (page: Page) =>
  walkToSlots(page, { path: '/bright-smile', patientType: 'Returning Patient', reason: 'Follow-up Visit' });

test('the calendar stays between the current month and 11 months ahead; changing month clears the slot', async ({
  page,
  moveClock,
}) => {
  await moveClock(NOW);
  await toSlotStep(page);
  const previous = page.getByRole('button', { name: 'Go to the Previous Month' });
  const next = page.getByRole('button', { name: 'Go to the Next Month' });
  await expect(page.getByText(monthCaption(0))).toBeVisible();
  await expect(previous).toBeDisabled();

  await chooseSlot(page, 10);
  await expectStep(page, HEADINGS.contact);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByTestId('slot-list').getByRole('button', { pressed: true })).toHaveCount(1);
  await next.click();
  await expect(page.getByText(monthCaption(1))).toBeVisible();
  await expect(page.getByTestId('slot-list').getByRole('button', { pressed: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  await expect(page.getByRole('complementary')).not.toContainText('Appointment Slot');

  for (let i = 2; i <= 11; i += 1) {
    await next.click();
    await expect(page.getByText(monthCaption(i))).toBeVisible();
  }
  await expect(next).toBeDisabled();
});

test('a month without slots moves on to the next', async ({ page, moveClock }) => {
  await moveClock(NOW);
  const current = monthCaption(0);
  await page.route('**/api/v1/appointment/slots**', async (route) => {
    const start = new URL(route.request().url()).searchParams.get('start_date') ?? '';
    if (start.slice(0, 7) === NOW_MONTH) await route.fulfill({ json: { success: true, result: [] } });
    else await route.continue();
  });
  await toSlotStep(page);
  await expect(page.getByText(monthCaption(1))).toBeVisible();
  await expect(page.getByText(current)).toHaveCount(0);
  await expect(page.getByTestId('slot-list').getByRole('button').first()).toBeVisible();
});

test('no slots up to the horizon: call us instead', async ({ page }) => {
  const brightSmile = demoPractice('bright-smile');
  const requests: string[] = [];
  await page.route('**/api/v1/appointment/slots**', async (route) => {
    requests.push(new URL(route.request().url()).searchParams.get('start_date') ?? '');
    await route.fulfill({ json: { success: true, result: [] } });
  });
  await toSlotStep(page);
  const message = page.getByText('No slots available! Please call us instead.');
  await expect(message).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: '(512) 555-0100' })).toHaveAttribute(
    'href',
    `tel:${brightSmile.phone}`,
  );
  // The current month and the 11 after it were each asked once.
  expect(new Set(requests.map((date) => date.slice(0, 7))).size).toBe(12);
  await expectNoAxeViolations(page);
});

test('late on the last open day of a month, chooseSlot finds the n-th time on the next month’s first day', async ({
  page,
  moveClock,
}) => {
  // Wednesday 31 March 2027, 15:30 in Austin: two or three times left today, and no later day this month.
  await moveClock('2027-03-31T15:30:00-05:00');
  await toSlotStep(page);
  await expect(page.getByText('March 2027')).toBeVisible();
  const slot = await chooseSlot(page, 10);
  expect(slot.dayHeading).toContain('April 1');
});

test('slots that may not be current (an Open Dental mirror) say so and let the patient proceed without one', async ({
  page,
}) => {
  await page.route('**/api/v1/appointment/slots**', async (route) => {
    const answer = await route.fetch();
    await route.fulfill({ response: answer, json: { ...(await answer.json()), stale_since: '2027-03-10T14:00:00Z' } });
  });
  await toSlotStep(page);
  await expect(page.getByText('These slots may not be current')).toBeVisible();
  await expect(page.getByTestId('slot-list').getByRole('button').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expectStep(page, HEADINGS.contact);
});
