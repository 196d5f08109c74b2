import { demoPractice } from './demo-practices.ts';
import { expect, test } from './fixtures.ts';
import { choosePatientType, expectStep, HEADINGS } from './booking-steps.ts';
import { bookThrough } from './booking-walk.ts';

/** ADR 0061: a practice on Eastern Time whose Chicago clinic keeps Central Time. */
const twoZones = demoPractice('two-zones-dental');

test("each clinic's slots name its own zone, and page 7 names Chicago's for a Chicago booking", async ({ page }) => {
  await page.goto('/two-zones-dental?clinic_num=1');
  await choosePatientType(page, 'Returning Patient');
  await expectStep(page, HEADINGS.slot, 'Step 3');
  await expect(page.getByText(/^All times are in E[SD]T$/)).toBeVisible();

  await page.goto('/two-zones-dental?clinic_num=2');
  await choosePatientType(page, 'Returning Patient');
  await expectStep(page, HEADINGS.slot, 'Step 3');
  await expect(page.getByText(/^All times are in C[SD]T$/)).toBeVisible();
  const { slot, request } = await bookThrough(
    page,
    { slot: 0, contact: { firstName: 'Carla', visitedBefore: 'Yes' } },
    twoZones.name,
  );
  // First Available sends any provider (ADR 0062); the clinic's own zone is what matters here.
  expect(request.postDataJSON()).toMatchObject({ pms_clinic_num: 2, pms_prov_num: 0 });
  await expectStep(page, HEADINGS.booked);
  await expect(page.getByRole('main')).toContainText(new RegExp(`${slot.dayHeading}, ${slot.time} C[SD]T`));
});
