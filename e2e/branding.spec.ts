import type { Page } from '@playwright/test';
import { demoPractice } from './demo-practices.ts';
import { expect, test } from './fixtures.ts';
import { choosePatientType, expectStep, HEADINGS } from './booking-steps.ts';

const smileGroup = demoPractice('smile-group');
const panel = (page: Page) => page.getByRole('complementary', { name: 'Practice information' });

test.describe('the multi-clinic practice (smile-group)', () => {
  test('the panel shows the practice on the location screen, then the chosen clinic with its address', async ({
    page,
  }) => {
    await page.goto('/smile-group');
    await expectStep(page, HEADINGS.clinic);
    await expect(panel(page)).toContainText(smileGroup.name);
    await expect(panel(page).locator('address')).toContainText('200 Park Ave');
    await expect(panel(page).getByRole('link', { name: '(212) 555-0140' })).toBeVisible();

    await page
      .getByRole('article')
      .filter({ hasText: 'Smile Group Brooklyn' })
      .getByRole('button', { name: 'Book Appointment' })
      .click();
    await expectStep(page, HEADINGS.patientType);
    const clinic = panel(page).getByTestId('panel-clinic');
    await expect(clinic).toContainText('Smile Group Brooklyn');
    await expect(panel(page).locator('address')).toContainText('85 Court St');
    await expect(panel(page).getByRole('link', { name: '(718) 555-0150' })).toBeVisible();
    // The clinic's name comes after the practice's and before the clinic's address.
    const [nameBox, clinicBox, addressBox] = await Promise.all([
      panel(page).getByText(smileGroup.name, { exact: true }).boundingBox(),
      clinic.boundingBox(),
      panel(page).locator('address').boundingBox(),
    ]);
    expect(nameBox!.y).toBeLessThan(clinicBox!.y);
    expect(clinicBox!.y).toBeLessThan(addressBox!.y);
  });

  test('a patient who came with clinic_num can change location, though page 1 has no Back', async ({ page }) => {
    await page.goto('/smile-group?clinic_num=2&referrer_id=e2e-branding');
    await expectStep(page, HEADINGS.patientType);
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expect(panel(page).getByTestId('panel-clinic')).toContainText('Smile Group Brooklyn');
    await choosePatientType(page, 'New Patient');
    await expectStep(page, HEADINGS.reason);

    await panel(page).getByRole('button', { name: 'Change location' }).click();
    await expectStep(page, HEADINGS.clinic);
    await expect(page).toHaveURL(/\/smile-group\?referrer_id=e2e-branding$/);
    await expect(panel(page).getByTestId('panel-clinic')).toHaveCount(0);

    await page
      .getByRole('article')
      .filter({ hasText: 'Smile Group Midtown' })
      .getByRole('button', { name: 'Book Appointment' })
      .click();
    await expectStep(page, HEADINGS.patientType);
    await expect(panel(page).getByTestId('panel-clinic')).toContainText('Smile Group Midtown');
    // A reload keeps the new choice: clinic_num no longer picks Brooklyn.
    await page.reload();
    await expectStep(page, HEADINGS.patientType);
    await expect(panel(page).getByTestId('panel-clinic')).toContainText('Smile Group Midtown');
  });
});
