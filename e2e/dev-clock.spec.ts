import { expect, test } from './fixtures.ts';
import { choosePatientType, chooseReason, expectStep, HEADINGS } from './booking-steps.ts';

// Wednesday 10 March 2027, 14:10 in Austin (CST): the afternoon's last five half hours are left.
test('with the server and the browser moved to one instant, the calendar opens on that day, its slots left', async ({
  page,
  moveClock,
}) => {
  await moveClock('2027-03-10T14:10:00-06:00');
  await page.goto('/bright-smile');
  await choosePatientType(page, 'Returning Patient');
  await chooseReason(page, 'Follow-up Visit');
  await expectStep(page, HEADINGS.slot);

  await expect(page.getByText('March 2027')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Go to the Previous Month' })).toBeDisabled();
  await expect(page.getByRole('grid').locator('[data-day="2027-03-10"]')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('grid').locator('[data-day="2027-03-09"] button')).toBeDisabled();
  await expect(page.getByTestId('slot-list').getByRole('button')).toHaveText([
    '02:30 PM',
    '03:00 PM',
    '03:30 PM',
    '04:00 PM',
    '04:30 PM',
  ]);
});
