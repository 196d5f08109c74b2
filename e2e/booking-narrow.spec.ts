import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { agreeToContact, choosePatientType, expectStep, HEADINGS, submitBooking } from './booking-steps.ts';
import { walkToContact } from './booking-walk.ts';

/**
 * At phone widths: long unbroken names and e-mail addresses wrap on every card, the
 * summary and the confirmation, and 'Select Earliest Available Provider' is never cut off.
 */

const LONG = {
  practice: 'Brightsmilefamilydentistryandorthodonticsofaustintexas',
  reason: 'Comprehensiveperiodontalmaintenanceevaluation',
  provider: 'Drmaximilianalexandervonhohenzollern',
  clinic: 'Smilegroupbrooklynheightsdowntowncenter',
  address: 'Onehundredtwentythreeextraordinarilylongstreetnamewithoutanyspaces',
  firstName: 'Bartholomewmaximilianalexander',
  lastName: 'Vonhohenzollernsigmaringenbaden',
  email: 'averyveryverylongunbrokenemailaddresslocalpart1234567890@example-dental-practice.com',
};

/** Neither the page nor any element in the form or the panel reaches past its box at this width. */
async function expectNoOverflow(page: Page, where: string) {
  const problems = await page.evaluate(() => {
    const root = document.documentElement;
    const found: string[] = [];
    if (root.scrollWidth > root.clientWidth)
      found.push(`page: scrollWidth ${root.scrollWidth} > clientWidth ${root.clientWidth}`);
    for (const container of document.querySelectorAll('main, aside')) {
      const edge = container.getBoundingClientRect().right + 1;
      for (const element of container.querySelectorAll('*')) {
        const box = element.getBoundingClientRect();
        if (box.width > 1 && box.right > edge)
          found.push(
            `${element.tagName.toLowerCase()} "${(element.textContent ?? '').slice(0, 40)}" ` +
              `ends at ${Math.round(box.right)} > ${Math.round(edge)}`,
          );
      }
    }
    return found;
  });
  expect(problems, where).toEqual([]);
}

async function withLongNames(page: Page) {
  await page.route('**/api/v1/form/**', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result: { name: string } };
    body.result.name = LONG.practice;
    await route.fulfill({ response, json: body });
  });
  await page.route('**/api/v1/reason-for-visit?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      result: { name: string; providers: { provider_display_name: string | null }[] }[];
    };
    for (const reason of body.result) {
      if (reason.name === 'New Patient Exam') reason.name = `${reason.name} ${LONG.reason}`;
      const first = reason.providers[0];
      if (first) first.provider_display_name = LONG.provider;
    }
    await route.fulfill({ response, json: body });
  });
}

for (const width of [360, 375]) {
  test(`at ${width} px long unbroken names and e-mail addresses wrap on every step and the confirmation`, async ({
    page,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 740 });
    await withLongNames(page);
    await page.goto('/bright-smile');
    await choosePatientType(page, 'New Patient');
    await expectStep(page, HEADINGS.reason);
    await expectNoOverflow(page, 'reasons');
    await page.getByRole('button', { name: /^New Patient Exam/ }).click();
    await expectStep(page, HEADINGS.provider);
    await expectNoOverflow(page, 'providers');

    // Never cut off: the whole label is shown (not an ellipsis) and fits inside its card.
    const earliest = page.getByRole('button', { name: 'Select Earliest Available Provider' });
    await expect(earliest).toHaveText('Select Earliest Available Provider');
    expect(
      await earliest.evaluate(
        (button) => button.scrollWidth <= button.clientWidth && button.scrollHeight <= button.clientHeight,
      ),
    ).toBe(true);
    await earliest.click();

    await walkToContact(page, {
      slot: [width === 360 ? 4 : 5, 0],
      contact: { firstName: LONG.firstName, lastName: LONG.lastName, email: LONG.email, visitedBefore: 'No' },
      hasNoInsurance: true,
    });
    await agreeToContact(page, LONG.practice);
    await expectNoOverflow(page, 'contact form');
    await submitBooking(page);
    await expectStep(page, HEADINGS.booked, null);
    await expect(page.getByRole('main')).toContainText(LONG.email);
    await expectNoOverflow(page, 'confirmation');
  });
}

test('the summary in the side panel wraps a long reason and provider name', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 800 });
  await withLongNames(page);
  await page.goto('/bright-smile');
  await choosePatientType(page, 'New Patient');
  await page.getByRole('button', { name: /^New Patient Exam/ }).click();
  await expectStep(page, HEADINGS.provider);
  await page.getByRole('button', { name: LONG.provider.slice(0, 24) }).click();
  await expectStep(page, HEADINGS.slot);
  const summary = page.getByRole('region', { name: 'Your appointment' });
  await expect(summary).toContainText(LONG.reason);
  await expect(summary).toContainText(LONG.provider);
  await expectNoOverflow(page, 'summary');
});

test('at 360 px clinic cards wrap long unbroken names and addresses', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.route('**/api/v1/clinic?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      result: { display_name: string | null; display_address: string | null }[];
    };
    for (const clinic of body.result) {
      clinic.display_name = LONG.clinic;
      clinic.display_address = LONG.address;
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto('/smile-group');
  await expectStep(page, HEADINGS.clinic);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoOverflow(page, 'clinic cards');
});

test('at 375 px Select Earliest Available Provider is shown whole', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/bright-smile');
  await choosePatientType(page, 'New Patient');
  await page.getByRole('button', { name: /^New Patient Exam/ }).click();
  const earliest = page.getByRole('button', { name: 'Select Earliest Available Provider' });
  await expect(earliest).toHaveText('Select Earliest Available Provider');
  await expect(earliest.getByText('Select Earliest Available Provider', { exact: true })).toBeVisible();
  expect(await earliest.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
});
