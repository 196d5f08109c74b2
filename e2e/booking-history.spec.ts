import type { Page } from '@playwright/test';
import { reasonId } from './booking-api.ts';
import { demoPractice } from './demo-practices.ts';
import { expect, test } from './fixtures.ts';
import { choosePatientType, expectStep, HEADINGS } from './booking-steps.ts';
import { bookThrough, VERIFY_DENTAL_COSMETIC, walkToContact, walkToVerify } from './booking-walk.ts';
import { chooseSlotOnDay, codeFromOutbox, uniqueContact } from './verification-steps.ts';

/**
 * The phone's and the browser's Back and Forward move one step, as the page's Back
 * does (ADR 0020). Every test starts from about:blank, so "leaving the flow" is observable.
 */

const verifyDental = demoPractice('verify-dental');

const backButton = (page: Page) => page.getByRole('button', { name: 'Back', exact: true });

async function expectLeftTheFlow(page: Page) {
  await expect(page).toHaveURL('about:blank');
}

test('Back and Forward move one step, a reload keeps the step, and Back on page 1 leaves the flow', async ({
  page,
}) => {
  // Five steps there and back, with two reloads: longer than one booking.
  test.slow();
  await page.goto('/bright-smile');
  await choosePatientType(page, 'New Patient');
  await expectStep(page, HEADINGS.reason, 'Step 2');
  await expect(page).toHaveURL(/\/bright-smile\?step=reason$/);
  const slot = await walkToContact(page, {
    reason: 'New Patient Exam',
    stepLabels: { provider: 'Step 3' },
    provider: 'Dr. Ana Ruiz',
    slot: [2, 0],
    contact: { firstName: 'Hester' },
  });

  await page.goBack();
  await expectStep(page, HEADINGS.slot, 'Step 4');
  await expect(page.getByRole('button', { name: slot.time, pressed: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: HEADINGS.slot })).toBeFocused();
  await page.goBack();
  await expectStep(page, HEADINGS.provider, 'Step 3');
  await expect(page.getByRole('button', { name: 'Dr. Ana Ruiz', pressed: true })).toBeVisible();

  await page.goForward();
  await expectStep(page, HEADINGS.slot, 'Step 4');
  await page.goForward();
  await expectStep(page, HEADINGS.contact, 'Step 5');
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Hester');

  await page.reload();
  await expectStep(page, HEADINGS.contact, 'Step 5');
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Hester');
  // History survives the reload: the browser's Back still goes one step.
  await page.goBack();
  await expectStep(page, HEADINGS.slot, 'Step 4');
  await page.reload();
  await expectStep(page, HEADINGS.slot, 'Step 4');
  await expect(page.getByRole('button', { name: slot.time, pressed: true })).toBeVisible();

  // The page's Back and the browser's Forward are the same history.
  await backButton(page).click();
  await expectStep(page, HEADINGS.provider, 'Step 3');
  await page.goForward();
  await expectStep(page, HEADINGS.slot, 'Step 4');

  await page.goBack();
  await page.goBack();
  await expectStep(page, HEADINGS.reason, 'Step 2');
  await page.goBack();
  await expectStep(page, HEADINGS.patientType, 'Step 1');
  await expect(page).toHaveURL(/\/bright-smile$/);
  await page.goBack();
  await expectLeftTheFlow(page);
});

test('after an automatic jump past the reasons, Back retraces what the page Back does', async ({ page }) => {
  // bright-smile offers returning patients several reasons; one left for the status jumps to the slots.
  await page.route('**/api/v1/reason-for-visit?*', async (route) => {
    try {
      const response = await route.fetch();
      const body = (await response.json()) as { result: { name: string }[] };
      body.result = body.result.filter((reason) => reason.name === 'Follow-up Visit');
      await route.fulfill({ response, json: body });
    } catch {
      // A refetch still in flight when the test moves through history (or ends) is let go.
    }
  });
  await page.goto('/bright-smile');
  await choosePatientType(page, 'Returning Patient');
  await expectStep(page, HEADINGS.slot, 'Step 3');
  await page.goBack();
  await expectStep(page, HEADINGS.reason, 'Step 2');
  await page.goBack();
  await expectStep(page, HEADINGS.patientType, 'Step 1');
});

test('from an rfv link, Back on the slot page (which has no Back button) leaves the flow', async ({
  page,
  request,
}) => {
  const rfv = await reasonId(request, 'bright-smile', 'Cleaning');
  await page.goto(`/bright-smile?rfv=${rfv}`);
  await expectStep(page, HEADINGS.slot, 'Step 3');
  await expect(backButton(page)).toHaveCount(0);
  await chooseSlotOnDay(page, 2, 1);
  await expectStep(page, HEADINGS.contact, 'Step 4');
  await expect(page).toHaveURL(new RegExp(`\\?rfv=${rfv}&step=contact$`));
  await page.goBack();
  await expectStep(page, HEADINGS.slot, 'Step 3');
  await page.goBack();
  await expectLeftTheFlow(page);
});

test('from the confirmation, Back leaves the flow and never brings the form back', async ({ page }) => {
  await bookThrough(page, {
    path: '/bright-smile',
    patientType: 'Returning Patient',
    reason: 'Cleaning',
    slot: [2, 2],
    contact: { firstName: 'Ida', visitedBefore: 'Yes' },
    hasNoInsurance: true,
  });
  await expectStep(page, HEADINGS.booked, null);
  await expect(page).toHaveURL(/\?step=booked$/);

  let sawForm = false;
  const contactHeading = page.getByRole('heading', { level: 2, name: HEADINGS.contact });
  void contactHeading.waitFor({ timeout: 5_000 }).then(
    () => (sawForm = true),
    () => undefined,
  );
  await page.goBack();
  await expectLeftTheFlow(page);
  expect(sawForm).toBe(false);
  // Forward returns to the start of the flow, the booking forgotten (spec section 4).
  await page.goForward();
  await expectStep(page, HEADINGS.patientType, 'Step 1');
});

test('after a verified code, coming back from the checkout does not ask for the code again', async ({
  page,
  request,
}) => {
  // The longest walk of this file (verify, pay, back twice, forward): 20 to 30 s on a busy two-core CI machine.
  test.setTimeout(60_000);
  const contact = uniqueContact('history.verified');
  await walkToVerify(
    page,
    { ...VERIFY_DENTAL_COSMETIC, slot: [7, 2], contact: { ...contact, visitedBefore: 'Yes' } },
    'Step 6',
  );
  await page.getByRole('button', { name: 'Use Email' }).click();
  // The page has the send's answer before the code is typed (the outbox may have the code first).
  await expect(page.getByTestId('verify-sentence')).toContainText('was sent to your email address');
  const { code } = await codeFromOutbox(request, contact.email, 'email');
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await page.getByRole('checkbox', { name: `I agree to receive text and email from ${verifyDental.name}.` }).check();
  await page.getByRole('button', { name: 'Verify & Pay', exact: true }).click();
  // Verify, solve the bot check, hold the slot, then the checkout page: slow on a busy CI machine.
  await expect(page).toHaveURL(/\/_dev\/checkout\//, { timeout: 20_000 });

  await page.goBack();
  await expectStep(page, HEADINGS.verify, 'Step 6');
  await expect(page.getByTestId('verify-sentence')).toHaveText(`Your email address ${contact.email} is verified.`);
  await expect(page.getByRole('textbox', { name: 'Verification code' })).toHaveCount(0);
  // And one step further back, then forward again: still verified.
  await page.goBack();
  await expectStep(page, HEADINGS.contact, 'Step 5');
  await page.goForward();
  await expectStep(page, HEADINGS.verify, 'Step 6');
  await expect(page.getByRole('textbox', { name: 'Verification code' })).toHaveCount(0);
});
