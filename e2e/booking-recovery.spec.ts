import { bookAsSomeoneElse } from './booking-api.ts';
import { demoPractice } from './demo-practices.ts';
import { allowConsoleErrors, expect, httpErrorLine, test } from './fixtures.ts';
import {
  choosePatientType,
  chooseSlot,
  expectNoAxeViolations,
  expectStep,
  HEADINGS,
  PATIENT,
  submitBooking,
} from './booking-steps.ts';
import { agreeAndSubmit, bookThrough, fillContactFrom, walkToContact, walkToSlots } from './booking-walk.ts';

const brightSmile = demoPractice('bright-smile');

test.describe('the practice system is down', () => {
  test.use(allowConsoleErrors(httpErrorLine(503, /\/api\/v1\/appointment\/slots/)));

  // lakeside-dental books into Open Dental, whose connector is offline in the demo: the server
  // answers 503 PMS_UNAVAILABLE for slots and accepts an appointment request without a time.
  test('the patient proceeds without a slot and an appointment request is booked', async ({ page }) => {
    await walkToSlots(page, { path: '/lakeside-dental', patientType: 'New Patient', reason: 'Checkup' });
    await expect(page.getByText('Slots are not available at the moment. Please Proceed Without Slots')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Next' }).click();
    await fillContactFrom(page, { contact: { firstName: 'Paul', visitedBefore: 'No' } });
    const sent = await agreeAndSubmit(page, demoPractice('lakeside-dental').name);
    expect(sent.postDataJSON()).toMatchObject({ apt_date: null, start_time: null, end_time: null, pms_prov_num: 0 });
    expect((await sent.response())?.status()).toBe(201);
    // A request, not a booking (ADR 0060): the page says so, as the e-mail does.
    await expectStep(page, HEADINGS.requested);
    await expect(page.getByRole('main')).toContainText('The office will call you to schedule a time.');
  });
});

test('a reload in the middle keeps the step and everything typed', async ({ page }) => {
  const slot = await walkToContact(page, {
    path: '/bright-smile',
    patientType: 'New Patient',
    forSomeoneElse: true,
    reason: 'New Patient Exam',
    provider: 'Dr. Ana Ruiz',
    slot: 3,
    contact: { firstName: 'Lena' },
  });
  await page.getByLabel('Your First Name').fill('Otto');

  await page.reload();
  await expectStep(page, HEADINGS.contact, 'Step 5');
  await expect(page.getByLabel("Patient's First Name")).toHaveValue('Lena');
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(PATIENT.email);
  await expect(page.getByLabel("Patient's Date of Birth")).toHaveValue(PATIENT.dob);
  await expect(page.getByLabel('Your First Name')).toHaveValue('Otto');

  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, HEADINGS.slot, 'Step 4');
  await expect(page.getByRole('button', { name: slot.time, pressed: true })).toBeVisible();
  await page.reload();
  await expectStep(page, HEADINGS.slot, 'Step 4');
  await expect(page.getByRole('button', { name: slot.time, pressed: true })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expectStep(page, HEADINGS.provider, 'Step 3');
  await expect(page.getByRole('button', { name: 'Dr. Ana Ruiz', pressed: true })).toBeVisible();
  await expect(page.getByRole('complementary')).toContainText('New Patient Exam');
});

test.describe('a slot taken by someone else', () => {
  test.use(allowConsoleErrors(httpErrorLine(409, /\/api\/v1\/appointment$/)));

  test('sends the patient back to the slots with everything else kept', async ({ page, request }) => {
    const slot = await walkToContact(page, {
      path: '/bright-smile',
      patientType: 'Returning Patient',
      reason: 'Follow-up Visit',
      slot: 4,
      contact: { firstName: 'Sam', visitedBefore: 'Yes' },
      hasNoInsurance: true,
    });

    // Someone else books the same time first, with the body this browser is about to send.
    let competing = 0;
    let taken: Record<string, unknown> = {};
    await page.route('**/api/v1/appointment', async (route) => {
      taken = route.request().postDataJSON() as Record<string, unknown>;
      competing = await bookAsSomeoneElse(request, taken);
      // First Available books any provider free at the time (ADR 0062): others take them all, at once.
      await Promise.all([1, 2, 3, 4, 5].map((who) => bookAsSomeoneElse(request, taken, who)));
      await route.continue();
    });
    const refetched = page.waitForResponse(
      (response) => response.url().includes('/api/v1/appointment/slots') && response.status() === 200,
    );
    await agreeAndSubmit(page, brightSmile.name);
    await expectStep(page, HEADINGS.slot);
    expect(competing).toBe(201);
    await expect(
      page.getByRole('alert').filter({ hasText: 'that time was just booked by someone else' }),
    ).toBeVisible();
    await expect(
      page.getByText('Sorry, that time was just booked by someone else. Please choose another slot.').first(),
    ).toBeVisible();
    await expect(page.getByTestId('slot-list').getByRole('button', { pressed: true })).toHaveCount(0);
    // The list was fetched again, and the taken provider and chair at that time are gone from it
    // (with "earliest available" the same time may still be offered with another provider).
    const offered = (
      (await (await refetched).json()) as { result: { DateTimeStart: string; ProvNum: number; OpNum: number }[] }
    ).result;
    const takenStart = `${String(taken.apt_date)} ${String(taken.start_time)}`;
    expect(offered.length).toBeGreaterThan(0);
    expect(
      offered.filter(
        (record) =>
          record.DateTimeStart === takenStart &&
          (record.ProvNum === taken.pms_prov_num || record.OpNum === taken.pms_op_num),
      ),
    ).toEqual([]);
    await expectNoAxeViolations(page);
    await page.unroute('**/api/v1/appointment');

    const next = await chooseSlot(page, 5);
    expect(next.time).not.toBe(slot.time);
    await expectStep(page, HEADINGS.contact);
    await expect(page.getByLabel('First Name')).toHaveValue('Sam');
    await expect(page.getByRole('checkbox', { name: /I agree/ })).toBeChecked();
    await submitBooking(page);
    await expectStep(page, HEADINGS.booked);
  });
});

test.describe('a booking the server refuses field by field', () => {
  test.use(allowConsoleErrors(httpErrorLine(422, /\/api\/v1\/appointment$/)));

  test('shows each message at its field and keeps the form', async ({ page }) => {
    await walkToContact(page, {
      path: '/bright-smile',
      patientType: 'New Patient',
      reason: 'Cleaning',
      slot: 0,
      contact: { firstName: 'Vera', visitedBefore: 'No' },
    });
    await page
      .getByRole('group', { name: 'Do you have dental insurance?' })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await page.getByRole('combobox', { name: 'Insurance' }).click();
    await page.getByRole('option', { name: 'Cigna' }).click();
    await page.getByLabel("Subscriber's Full Name").fill('Vera Doe');
    await page.getByLabel("Subscriber's Date of Birth").fill('01/01/1980');
    await page.getByLabel('Subscriber ID').fill('C-9');
    await page.getByLabel('Group Number').fill('9');
    await page.getByLabel("Subscriber's Phone").fill('5125550109');
    await page.route('**/api/v1/appointment', (route) =>
      route.fulfill({
        status: 422,
        json: {
          success: false,
          code: 'VALIDATION_FAILED',
          message: 'Please check the highlighted fields.',
          fields: {
            first_name: 'First name is not accepted here',
            'insurance_details.subscriber_id': 'Subscriber ID is not on file',
          },
        },
      }),
    );
    await agreeAndSubmit(page, brightSmile.name);
    await expect(page.getByText('Please check the highlighted fields.')).toBeVisible();
    await expect(page.getByLabel('First Name', { exact: true })).toHaveAccessibleDescription(
      'First name is not accepted here',
    );
    await expect(page.getByLabel('Subscriber ID')).toHaveAccessibleDescription('Subscriber ID is not on file');
    await expect(page.getByLabel('First Name', { exact: true })).toBeFocused();
    await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Vera');
    await expectStep(page, HEADINGS.contact);
    await expectNoAxeViolations(page);
  });
});

test('the booking starts afresh on another practice path or another clinic_num', async ({ page }) => {
  await page.goto('/smile-group?clinic_num=1');
  await choosePatientType(page, 'New Patient');
  await expectStep(page, HEADINGS.reason);
  await page.goto('/smile-group?clinic_num=1');
  await expectStep(page, HEADINGS.reason);
  await page.goto('/smile-group?clinic_num=3');
  await expectStep(page, HEADINGS.patientType);
  await choosePatientType(page, 'New Patient');
  await expectStep(page, HEADINGS.reason);
  await page.goto('/bright-smile');
  await expectStep(page, HEADINGS.patientType);
  await expect(page.getByRole('button', { name: 'New Patient', pressed: false })).toBeVisible();
});

test('the confirmation counts down to the referral page and forgets the booking', async ({ page }) => {
  await page.route('**/api/v1/form/bright-smile*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { result: Record<string, unknown> };
    body.result.ref_redirection_url = '/terms.html';
    await route.fulfill({ response, json: body });
  });
  await bookThrough(page, {
    path: '/bright-smile',
    patientType: 'Returning Patient',
    reason: 'Cleaning',
    slot: 6,
    contact: { firstName: 'Cora', visitedBefore: 'Yes' },
    hasNoInsurance: true,
  });
  await expectStep(page, HEADINGS.booked);
  await expect(page.getByText(/^Redirecting in [45] seconds$/)).toBeVisible();
  await page.waitForURL('**/terms.html', { timeout: 10_000 });
  // The practice's own form again, and no handler left running when the test ends.
  await page.unrouteAll({ behavior: 'wait' });
  await page.goto('/bright-smile');
  await expectStep(page, HEADINGS.patientType, 'Step 1');
});
