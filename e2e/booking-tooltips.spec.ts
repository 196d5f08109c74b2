import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectStep, HEADINGS } from './booking-steps.ts';

/**
 * The tooltips on cut-off clinic names and addresses (and provider names) open every
 * time on hover after the spec's 700 ms, at once within the 300 ms skip delay, on keyboard focus,
 * and close when the pointer or focus leaves (spec sections 2 and 9).
 */

const NAMES = [
  'Smile Group Midtown Manhattan Flagship Office',
  'Smile Group Brooklyn Heights Court Street Office',
  'Smile Group Chicago Loop Wacker Drive Office',
];
const ADDRESS = '200 Park Avenue, Suite 1700, MetLife Building, Midtown Manhattan, New York, NY 10166';

async function withLongClinicNames(page: Page) {
  await page.route('**/api/v1/clinic?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      result: { display_name: string | null; display_address: string | null }[];
    };
    body.result.forEach((clinic, i) => {
      clinic.display_name = NAMES[i] ?? clinic.display_name;
      clinic.display_address = ADDRESS;
    });
    await route.fulfill({ response, json: body });
  });
}

const tooltip = (page: Page, text: string) => page.getByRole('tooltip').filter({ hasText: text });
/** The cut name or address of the n-th clinic card, the tooltip's trigger (focusable, since it hides text). */
const cutName = (page: Page, n: number) => page.getByRole('article').nth(n).locator('h3 [tabindex="0"]');
const cutAddress = (page: Page, n: number) => page.getByRole('article').nth(n).locator('p [tabindex="0"]');

/** The pointer moves off, in a few steps as a hand does. */
async function away(page: Page) {
  await page.mouse.move(5, 5, { steps: 4 });
}

/** The pointer moves onto the element in a few steps, as a hand does (not in one jump). */
async function hover(page: Page, target: Locator) {
  // The first line box: a cut name can wrap, and the middle of its bounding box may fall between lines.
  const box = await target.evaluate((element) => {
    const rect = element.getClientRects()[0]!;
    return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
  });
  await page.mouse.move(box.x, box.y, { steps: 4 });
}

async function expectOpensAfterDelay(page: Page, trigger: Locator, text: string) {
  await hover(page, trigger);
  const hoveredAt = Date.now();
  await expect(tooltip(page, text)).toBeVisible({ timeout: 3_000 });
  expect(Date.now() - hoveredAt).toBeGreaterThanOrEqual(600);
}

test.beforeEach(async ({ page }) => {
  await withLongClinicNames(page);
  await page.goto('/smile-group');
  await expectStep(page, HEADINGS.clinic);
});

test('opens after the delay on every hover, and closes when the pointer leaves', async ({ page }) => {
  const name = cutName(page, 0);
  for (let round = 0; round < 3; round += 1) {
    await expectOpensAfterDelay(page, name, NAMES[0]!);
    await away(page);
    await expect(tooltip(page, NAMES[0]!)).toBeHidden();
    // Past the skip delay, the next hover waits the full delay again.
    await page.waitForTimeout(400);
  }
});

test('opens at once on the next card within the skip delay', async ({ page }) => {
  await expectOpensAfterDelay(page, cutName(page, 0), NAMES[0]!);
  await hover(page, cutName(page, 1));
  await expect(tooltip(page, NAMES[1]!)).toBeVisible({ timeout: 500 });
  await expect(tooltip(page, NAMES[0]!)).toBeHidden();
});

test('opens on keyboard focus and closes on blur, for the name and the address', async ({ page }) => {
  const name = cutName(page, 0);
  await name.focus();
  await expect(tooltip(page, NAMES[0]!)).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(tooltip(page, NAMES[0]!)).toBeHidden();
  await expect(cutAddress(page, 0)).toBeFocused();
  await expect(tooltip(page, ADDRESS)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tooltip(page, ADDRESS)).toBeHidden();
});

test('never stays stuck when the pointer jumps away and stops (or leaves the window)', async ({ page }) => {
  await expectOpensAfterDelay(page, cutName(page, 0), NAMES[0]!);
  await page.mouse.move(5, 5);
  await expect(tooltip(page, NAMES[0]!)).toBeHidden({ timeout: 1_500 });
});

test('never stays stuck: a click, a focus left behind or a hover elsewhere closes it; hover opens it again', async ({
  page,
}) => {
  const name = cutName(page, 0);
  await expectOpensAfterDelay(page, name, NAMES[0]!);
  await name.click();
  await expect(tooltip(page, NAMES[0]!)).toBeHidden();
  await away(page);
  await expect(tooltip(page, NAMES[0]!)).toBeHidden();
  await page.waitForTimeout(400);
  // Focused by the click, it opens again on the next hover and closes when the pointer leaves.
  await expectOpensAfterDelay(page, name, NAMES[0]!);
  await away(page);
  await expect(tooltip(page, NAMES[0]!)).toBeHidden();
  await expect(page.getByRole('tooltip')).toHaveCount(0);
});
