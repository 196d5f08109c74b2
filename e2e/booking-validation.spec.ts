import { reasonId } from './booking-api.ts';
import { demoPractice } from './demo-practices.ts';
import { allowConsoleErrors, expect, httpErrorLine, test } from './fixtures.ts';
import {
  choosePatientType,
  chooseReason,
  chooseSlot,
  expectStep,
  fillContact,
  HEADINGS,
  PATIENT,
} from './booking-steps.ts';
import { chooseSlotOnDay, uniqueContact } from './verification-steps.ts';

const brightSmile = demoPractice('bright-smile');

test.describe('step labels and the Back rule', () => {
  test('a reason with providers numbers every page; Back walks down and clears on page 1', async ({ page }) => {
    await page.goto('/bright-smile');
    await expectStep(page, HEADINGS.patientType, 'Step 1');
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(page.getByText('Please select patient status')).toBeVisible();
    await choosePatientType(page, 'New Patient');
    await expectStep(page, HEADINGS.reason, 'Step 2');
    await expect(page.getByText('Please select a reason for your visit')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(page.getByRole('button', { name: /^New Patient Exam/ })).toContainText('60 minutes');
    await chooseReason(page, 'New Patient Exam');
    await expectStep(page, HEADINGS.provider, 'Step 3');
    await expect(page.getByText('Please select a Provider')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Select Earliest Available Provider' })).toBeVisible();
    await page.getByRole('button', { name: 'Select Earliest Available Provider' }).click();
    await expectStep(page, HEADINGS.slot, 'Step 4');
    await expect(page.getByText('Please select a slot if you wish.')).toBeVisible();
    await expect(page.getByText(/^All times are in C[SD]T$/)).toBeVisible();
    await expect(page.getByRole('heading', { level: 3 })).toHaveText(
      /^(Monday|Tuesday|Wednesday|Thursday|Friday), [A-Z][a-z]+ \d{1,2}$/,
    );
    await expect(page.getByTestId('slot-list').getByRole('button').first()).toHaveText(/^\d{2}:\d{2} (AM|PM)$/);
    const listHeight = await page.getByTestId('slot-list').evaluate((el) => parseFloat(getComputedStyle(el).maxHeight));
    expect(listHeight).toBeGreaterThanOrEqual(260);
    expect(listHeight).toBeLessThanOrEqual(300);
    await expect(page.getByRole('complementary')).toContainText('First Available');
    await chooseSlot(page, 6);
    await expectStep(page, HEADINGS.contact, 'Step 5');
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();

    for (const [heading, label] of [
      [HEADINGS.slot, 'Step 4'],
      [HEADINGS.provider, 'Step 3'],
      [HEADINGS.reason, 'Step 2'],
      [HEADINGS.patientType, 'Step 1'],
    ] as const) {
      await page.getByRole('button', { name: 'Back' }).click();
      await expectStep(page, heading, label);
    }
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  });

  test('without providers the slot page is Step 3 and Back skips the provider page', async ({ page }) => {
    await page.goto('/bright-smile');
    await choosePatientType(page, 'New Patient');
    await chooseReason(page, 'Cleaning');
    await expectStep(page, HEADINGS.slot, 'Step 3');
    await page.getByRole('button', { name: 'Back' }).click();
    await expectStep(page, HEADINGS.reason, 'Step 2');
    await expect(page.getByRole('button', { name: /^Cleaning/, pressed: true })).toBeVisible();
  });

  test('a multi-clinic practice shows Back on page 1, which clears the clinic and the form', async ({ page }) => {
    await page.goto('/smile-group');
    await page
      .getByRole('article')
      .filter({ hasText: 'Smile Group Brooklyn' })
      .getByRole('button', { name: 'Book Appointment' })
      .click();
    await expectStep(page, HEADINGS.patientType, 'Step 1');
    await expect(page.getByRole('heading', { level: 2, name: HEADINGS.patientType })).toBeFocused();
    await page.getByRole('checkbox', { name: 'Booking for Someone Else' }).check();
    await page.getByRole('button', { name: 'Back' }).click();
    await expectStep(page, HEADINGS.clinic, null);
    // The clinic is forgotten: the panel shows the practice again, with no clinic name.
    await expect(page.getByTestId('panel-clinic')).toHaveCount(0);
    await page
      .getByRole('article')
      .filter({ hasText: 'Smile Group Brooklyn' })
      .getByRole('button', { name: 'Book Appointment' })
      .click();
    await expect(page.getByRole('checkbox', { name: 'Booking for Someone Else' })).not.toBeChecked();
  });

  test('with clinic_num there is no Back on page 1', async ({ page }) => {
    await page.goto('/smile-group?clinic_num=1');
    await expectStep(page, HEADINGS.patientType, 'Step 1');
    await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  });
});

test.describe('page 5 messages (spec section 5)', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/bright-smile');
    await choosePatientType(page, 'New Patient', { forSomeoneElse: true });
    await chooseReason(page, 'Cleaning');
    await chooseSlot(page, 7);
    await expectStep(page, HEADINGS.contact);
  });

  test('names, email, phone and dates', async ({ page }) => {
    const first = page.getByLabel("Patient's First Name");
    await first.focus();
    await first.blur();
    await expect(page.getByText('First name is required')).toBeVisible();
    await expect(first).toHaveAttribute('aria-invalid', 'true');
    await expect(first).toHaveAccessibleDescription('First name is required');
    await page.getByLabel("Patient's Last Name").focus();
    await page.getByLabel("Patient's Last Name").blur();
    await expect(page.getByText('Last name is required')).toBeVisible();

    // ADR 0030: digits and symbols go as typed, a hyphen stays.
    await first.pressSequentially('Jo3hn-ny!');
    await expect(first).toHaveValue('John-ny');
    await expect(page.getByText('First name is required')).toHaveCount(0);

    const email = page.getByLabel('Email', { exact: true });
    await email.fill('not-an-email');
    await email.blur();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    const phone = page.getByLabel('Phone', { exact: true });
    await phone.pressSequentially('+1 (512) 555-0100 ext 99999');
    await expect(phone).toHaveValue('+1512555010099999');

    const dob = page.getByLabel("Patient's Date of Birth");
    await expect(dob).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    await dob.pressSequentially('1345');
    await expect(dob).toHaveValue('13/45');
    await dob.blur();
    await expect(page.getByText('Please enter a valid date in MM/DD/YYYY format')).toHaveCount(0);
    await dob.fill('13/45/2000');
    await expect(dob).toHaveValue('13/45/2000');
    await expect(page.getByText('Please enter a valid date in MM/DD/YYYY format')).toBeVisible();
    await dob.fill('01/01/2999');
    await expect(page.getByText('Please enter a valid date in MM/DD/YYYY format')).toBeVisible();
    await dob.fill('01/01/1990');
    await expect(page.getByText('Please enter a valid date in MM/DD/YYYY format')).toHaveCount(0);

    await page.getByLabel('Your First Name').focus();
    await page.getByLabel('Your First Name').blur();
    await expect(page.getByText('Your First Name is required')).toBeVisible();
    await page.getByLabel('Your Last Name').focus();
    await page.getByLabel('Your Last Name').blur();
    await expect(page.getByText('Your Last Name is required')).toBeVisible();
    await page.getByLabel('Your Date of Birth').fill('02/30/1970');
    await expect(page.getByText('Please enter a valid date in MM/DD/YYYY format')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute(
      'placeholder',
      'Enter your message...',
    );
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveAttribute('rows', '3');
    await expect(page.getByRole('group', { name: 'Have they visited us before' })).toBeVisible();
  });

  test('insurance questions, notices and the submit conditions', async ({ page }) => {
    await fillContact(page, { ...PATIENT, visitedBefore: 'No' }, { self: false });
    await page.getByLabel('Your First Name').fill('Ann');
    await page.getByLabel('Your Last Name').fill('Doe');
    await page.getByLabel('Your Date of Birth').fill('03/03/1970');
    const submit = page.getByRole('button', { name: 'Submit' });
    const consent = page.getByRole('checkbox', { name: `I agree to receive text and email from ${brightSmile.name}` });
    await consent.check();
    await expect(submit).toBeDisabled();

    const question = page.getByRole('group', { name: 'Do you have dental insurance?' });
    await question.getByRole('radio', { name: 'Yes' }).focus();
    await question.getByRole('radio', { name: 'Yes' }).blur();
    await expect(question).toContainText('Please select patient status');
    await question.getByRole('radio', { name: 'No' }).check();
    await expect(page.getByText(brightSmile.no_insurance_message ?? '')).toBeVisible();
    await expect(submit).toBeEnabled();
    await consent.uncheck();
    await expect(submit).toBeDisabled();
    await consent.check();

    await question.getByRole('radio', { name: 'Yes' }).check();
    await expect(submit).toBeDisabled();
    const insurance = page.getByRole('combobox', { name: 'Insurance' });
    await expect(insurance).toHaveText(/Select\.\.\./);
    // Keyboard only: open, move to Aetna (out of network), choose.
    await insurance.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('a');
    await page.keyboard.press('Enter');
    await expect(insurance).toHaveText(/Aetna/);
    await expect(page.getByText(brightSmile.out_of_network_insurance_message ?? '')).toBeVisible();
    await expect(page.getByLabel('Insurance Provider Name')).toHaveCount(0);

    await page.getByLabel("Subscriber's Full Name").fill('Ann Doe');
    await page.getByLabel("Subscriber's Date of Birth").fill('1');
    await page.getByLabel("Subscriber's Date of Birth").blur();
    await expect(page.getByText('Please enter a valid date in MM/DD/YYYY format')).toHaveCount(0);
    await page.getByLabel("Subscriber's Date of Birth").fill('03/03/1970');
    await page.getByLabel('Subscriber ID').fill('A1');
    await page.getByLabel('Group Number').focus();
    await page.getByLabel('Group Number').blur();
    await expect(page.getByText('Group number is required')).toBeVisible();
    await page.getByLabel('Group Number').fill('G1');
    await expect(submit).toBeDisabled();
    await page.getByLabel("Subscriber's Phone").fill('5125550100');
    await expect(submit).toBeEnabled();

    await insurance.click();
    await page.getByRole('option', { name: 'Other' }).click();
    await expect(submit).toBeDisabled();
    const provider = page.getByLabel('Insurance Provider Name');
    await provider.focus();
    await provider.blur();
    await expect(page.getByText('Insurance provider name is required')).toBeVisible();
    await provider.fill('Acme');
    await expect(submit).toBeEnabled();
  });
});

test('the visited-before question is required when the flow skipped page 1 (rfv)', async ({ page, request }) => {
  const rfv = await reasonId(request, 'bright-smile', 'Cleaning');
  await page.goto(`/bright-smile?rfv=${rfv}`);
  // The first slot of the first open day: late in the practice's day, today may have only a few
  // left. Nothing is booked here (the form is refused before it is sent).
  await chooseSlot(page, 0);
  await fillContact(page, PATIENT);
  await page.getByRole('group', { name: 'Do you have dental insurance?' }).getByRole('radio', { name: 'No' }).check();
  await page.getByRole('checkbox', { name: /I agree to receive text and email from/ }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  const visited = page.getByRole('group', { name: 'Have you visited us before' });
  await expect(visited).toContainText('Please select patient status');
});

test.describe('submit button labels', () => {
  // The dev checkout page has no favicon link, so Chromium asks for /favicon.ico.
  test.use(allowConsoleErrors(httpErrorLine(404, /\/favicon\.ico$/)));

  test("'Pay & Schedule' for a paid reason, handing over to checkout", async ({ page }) => {
    await page.goto('/bright-smile');
    await choosePatientType(page, 'New Patient');
    await chooseReason(page, 'Teeth Whitening Consultation');
    await chooseSlot(page, 0);
    await expect(page.getByText(demoPractice('bright-smile').name).first()).toBeVisible();
    // A person of its own: other specs book Jane Doe at this first time, and one person holds
    // one chair at a time (ADR 0062).
    const { email, phone } = uniqueContact('pay.label');
    await fillContact(page, { ...PATIENT, email, phone, visitedBefore: 'No' });
    await page.getByRole('group', { name: 'Do you have dental insurance?' }).getByRole('radio', { name: 'No' }).check();
    await page.getByRole('checkbox', { name: /I agree to receive text and email from/ }).check();
    await page.getByRole('button', { name: 'Pay & Schedule' }).click();
    // The local test checkout (e2e/payments.spec.ts goes on to Pay and Cancel).
    await expect(page).toHaveURL(/\/_dev\/checkout\//);
    await expect(page.getByText('$75.00')).toBeVisible();
  });

  test("'Next' for a practice that verifies patients, leading to page 6", async ({ page }) => {
    await page.goto('/verify-dental');
    await choosePatientType(page, 'New Patient');
    await chooseReason(page, 'Checkup');
    await chooseSlot(page, 0);
    await fillContact(page, { ...PATIENT, visitedBefore: 'No' });
    // With verification the consent box is on page 6.
    await expect(page.getByRole('checkbox', { name: /I agree/ })).toHaveCount(0);
    await page.getByRole('button', { name: 'Next' }).click();
    await expectStep(page, HEADINGS.verify, 'Step 5');
  });
});

test('an rfv link to a reason for returning patients only says so on the contact form, without the question', async ({
  page,
  request,
}) => {
  const rfv = await reasonId(request, 'bright-smile', 'Follow-up Visit');
  await page.goto(`/bright-smile?rfv=${rfv}`);
  // A day of its own: the first day's times may run out late in the practice's day.
  await chooseSlotOnDay(page, 8, 0);
  await expectStep(page, HEADINGS.contact);
  await expect(
    page.getByText(
      'This appointment is for returning patients only. If this is your first visit, please call us to book.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Have you visited us before' })).toHaveCount(0);
  await fillContact(page, { ...PATIENT, firstName: 'Rhea' });
  await page.getByRole('group', { name: 'Do you have dental insurance?' }).getByRole('radio', { name: 'No' }).check();
  await page.getByRole('checkbox', { name: `I agree to receive text and email from ${brightSmile.name}` }).check();
  const [sent] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/appointment')),
    page.getByRole('button', { name: 'Submit', exact: true }).click(),
  ]);
  expect(sent.postDataJSON()).toMatchObject({ patient_status: 'Returning Patient', rfv_id: rfv });
  await expectStep(page, HEADINGS.booked);
});
