import type { Locator, Page } from '@playwright/test';
import { demoPractice } from './demo-practices.ts';
import { expect, test } from './fixtures.ts';
import {
  choosePatientType,
  chooseProvider,
  chooseReason,
  chooseSlot,
  expectNoAxeViolations,
  expectStep,
  fillContact,
  HEADINGS,
  PATIENT,
  screenshot,
} from './booking-steps.ts';
import { agreeAndSubmit, VERIFY_DENTAL_COSMETIC, walkToVerify } from './booking-walk.ts';

const brightSmile = demoPractice('bright-smile');

/** Every step at a phone and a desktop size: no WCAG 2.2 AA violations, no sideways scrolling, a screenshot each. */
for (const [index, viewport] of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
].entries()) {
  test.describe(`at ${viewport.width} × ${viewport.height}`, () => {
    test.use({ viewport });

    const check = async (page: Page, name: string) => {
      await expectNoAxeViolations(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await screenshot(page, name);
    };

    test('every step of a booking with insurance', async ({ page }) => {
      // Axe (wcag21a included), a scroll check and a screenshot on every step: about a minute under CI load.
      test.setTimeout(120_000);
      await page.goto('/smile-group');
      await expectStep(page, HEADINGS.clinic);
      await check(page, '0-clinic-selection');

      await page.goto('/bright-smile');
      await expectStep(page, HEADINGS.patientType);
      await check(page, '1-patient-type');
      await choosePatientType(page, 'New Patient', { forSomeoneElse: true });
      await expectStep(page, HEADINGS.reason);
      await check(page, '2-reason');
      await chooseReason(page, 'New Patient Exam');
      await expectStep(page, HEADINGS.provider);
      await check(page, '3-provider');
      await chooseProvider(page, 'Dr. Chloe Nguyen');
      await expectStep(page, HEADINGS.slot);
      await expect(page.getByTestId('slot-list').getByRole('button').first()).toBeVisible();
      await check(page, '4-slot');
      await chooseSlot(page, index * 3);
      await expectStep(page, HEADINGS.contact);
      await check(page, '5-contact');

      await fillContact(page, { ...PATIENT, firstName: 'Ivy', visitedBefore: 'No' }, { self: false });
      await page.getByLabel('Your First Name').fill('Ian');
      await page.getByLabel('Your Last Name').fill('Doe');
      await page.getByLabel('Your Date of Birth').fill('05/05/1975');
      await page
        .getByRole('group', { name: 'Do you have dental insurance?' })
        .getByRole('radio', { name: 'Yes' })
        .check();
      await page.getByRole('combobox', { name: 'Insurance' }).click();
      await check(page, '5-contact-insurance-menu');
      await page.getByRole('option', { name: 'Aetna' }).click();
      await page.getByLabel("Subscriber's Date of Birth").fill('99/99/9999');
      await page.getByLabel("Subscriber's Full Name").focus();
      await page.getByLabel("Subscriber's Full Name").blur();
      await check(page, '5-contact-insurance-errors');
      await page.getByLabel("Subscriber's Full Name").fill('Ian Doe');
      await page.getByLabel("Subscriber's Date of Birth").fill('05/05/1975');
      await page.getByLabel('Subscriber ID').fill('AE-1');
      await page.getByLabel('Group Number').fill('77');
      await page.getByLabel("Subscriber's Phone").fill('5125550177');
      await agreeAndSubmit(page, brightSmile.name);
      await expectStep(page, HEADINGS.booked, null);
      // Sonner pauses its 3 s timer while the pointer rests on a toast, so axe sees the toast whole, not fading out.
      await page.locator('[data-sonner-toast]').hover();
      await check(page, '7-confirmation');
    });

    test('page 6 of a practice that verifies patients', async ({ page }) => {
      await walkToVerify(
        page,
        { ...VERIFY_DENTAL_COSMETIC, slot: 2 + index, contact: { visitedBefore: 'Yes' } },
        'Step 6',
      );
      await check(page, '6-verify');
    });
  });
}

/** Presses Tab until `target` has focus (proof it is reachable by keyboard), then presses `key`. */
async function keyTo(page: Page, target: Locator, key: 'Enter' | 'Space' | null = 'Enter') {
  for (let i = 0; i < 80; i += 1) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      if (key) await page.keyboard.press(key);
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error('Not reachable with Tab');
}

test('the whole booking can be completed with the keyboard alone', async ({ page, moveClock }) => {
  // A Tuesday morning before opening in New York: the first open day offers its whole list, so
  // the second time exists whatever the hour the suite runs at.
  await moveClock('2027-03-09T07:00:00-05:00');
  await page.goto('/smile-group');
  await expectStep(page, HEADINGS.clinic);
  await keyTo(
    page,
    page
      .getByRole('article')
      .filter({ hasText: 'Smile Group Midtown' })
      .getByRole('button', { name: 'Book Appointment' }),
  );
  await expectStep(page, HEADINGS.patientType);
  await expect(page.getByRole('heading', { level: 2, name: HEADINGS.patientType })).toBeFocused();
  await keyTo(page, page.getByRole('button', { name: 'Returning Patient' }));
  await expectStep(page, HEADINGS.reason);
  await expect(page.getByRole('heading', { level: 2, name: HEADINGS.reason })).toBeFocused();
  await keyTo(page, page.getByRole('button', { name: /^Cleaning/ }));
  await expectStep(page, HEADINGS.slot);
  await expect(page.getByRole('heading', { level: 2, name: HEADINGS.slot })).toBeFocused();
  await keyTo(page, page.getByTestId('slot-list').getByRole('button').nth(1));
  await expectStep(page, HEADINGS.contact);

  const type = async (label: string, text: string) => {
    await keyTo(page, page.getByLabel(label, { exact: true }), null);
    await page.keyboard.type(text);
  };
  await type('First Name', 'Kai');
  await type('Last Name', 'Board');
  await type('Email', 'kai@example.com');
  await type('Phone', '2125550111');
  await type('Date of Birth', '07071977');
  await keyTo(page, page.getByRole('radio', { name: 'Yes' }), 'Space');
  await keyTo(page, page.getByRole('checkbox', { name: /I agree to receive text and email from/ }), 'Space');
  await keyTo(page, page.getByRole('button', { name: 'Submit' }));
  await expectStep(page, HEADINGS.booked);
});
