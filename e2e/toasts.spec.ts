import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { expectStep, HEADINGS } from './booking-steps.ts';
import { bookThrough } from './booking-walk.ts';

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  return box!;
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function bookAt(page: Page, width: number, slotIndex: number) {
  await page.setViewportSize({ width, height: width < 600 ? 740 : 800 });
  await bookThrough(page, {
    path: '/smile-group?clinic_num=2',
    patientType: 'Returning Patient',
    slot: slotIndex,
    contact: { firstName: `Toast${width}`, visitedBefore: 'Yes' },
  });
}

for (const [width, slotIndex] of [
  [360, 1],
  [1280, 2],
] as const) {
  test(`at ${width} px the success toast stays top-centre and leaves the 'Appointment Booked' heading visible`, async ({
    page,
  }) => {
    await bookAt(page, width, slotIndex);
    await expectStep(page, HEADINGS.booked);
    const toast = page.locator('[data-sonner-toast]').first();
    await expect(toast).toBeVisible();
    // The toast's own entrance and the heading's scroll into view have finished.
    await page.waitForTimeout(600);
    const heading = await boxOf(page.getByRole('heading', { level: 2, name: HEADINGS.booked }));
    const toastBox = await boxOf(toast);
    // Spec section 2: top centre.
    expect(Math.abs(toastBox.x + toastBox.width / 2 - width / 2)).toBeLessThanOrEqual(2);
    expect(toastBox.y).toBeLessThan(40);
    // The heading is on screen, and nothing of it is under the toast.
    expect(heading.y).toBeGreaterThanOrEqual(0);
    expect(
      overlaps(heading, toastBox),
      `toast ${JSON.stringify(toastBox)} covers heading ${JSON.stringify(heading)}`,
    ).toBe(false);
  });
}
