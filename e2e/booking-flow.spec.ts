import { reasonId } from './booking-api.ts';
import { demoPractice } from './demo-practices.ts';
import { expect, test } from './fixtures.ts';
import { choosePatientType, expectStep, HEADINGS } from './booking-steps.ts';
import { agreeAndSubmit, bookThrough, walkToContact } from './booking-walk.ts';

const brightSmile = demoPractice('bright-smile');

test('a new patient books with a chosen provider', async ({ page }) => {
  const { slot, request } = await bookThrough(page, {
    path: '/bright-smile',
    patientType: 'New Patient',
    reason: 'New Patient Exam',
    stepLabels: { provider: 'Step 3' },
    provider: 'Dr. Ben Carter',
    slot: 0,
    contact: { visitedBefore: 'No', message: 'First visit' },
    hasNoInsurance: true,
  });

  const body = request.postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    first_name: 'Jane',
    last_name: 'Doe',
    dob: '1988-04-12',
    pms_prov_num: 2,
    is_patient: true,
    has_insurance: false,
  });
  expect(request.headers()['x-bot-challenge']).toBeTruthy();
  expect(request.headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);

  await expectStep(page, HEADINGS.booked, null);
  const main = page.getByRole('main');
  await expect(main).toContainText(`${slot.dayHeading}, ${slot.time}`);
  await expect(main).toContainText('New Patient Exam');
  await expect(main).toContainText('Dr. Ben Carter');
  await expect(main).toContainText('Jane Doe');
  await expect(main).toContainText('(512) 555-0199');
  await expect(main).toContainText('jane.doe@example.com');
});

test('a returning patient with one matching reason jumps straight to the slots (clinic_num)', async ({ page }) => {
  await page.goto('/smile-group?clinic_num=2');
  await choosePatientType(page, 'Returning Patient');
  // Brooklyn offers returning patients only a cleaning, which shows no providers: pages 2 and 3 are skipped.
  await expectStep(page, HEADINGS.slot, 'Step 3');
  await expect(page.getByRole('button', { name: 'Back' })).toBeVisible();
  const { slot, request } = await bookThrough(page, { slot: 0, contact: { firstName: 'Rita', visitedBefore: 'Yes' } });
  expect(request.postDataJSON()).toMatchObject({
    pms_clinic_num: 2,
    patient_status: 'Returning Patient',
    // First Available: any provider free at the time (ADR 0062).
    pms_prov_num: 0,
  });
  await expectStep(page, HEADINGS.booked);
  await expect(page.getByRole('main')).toContainText(`${slot.dayHeading}, ${slot.time}`);
  // The reason shows no providers ('First Available'); the page names the one the booking went to.
  await expect(page.getByRole('main')).toContainText('Dr. Lena Fischer');
  await expect(page.getByRole('main')).toContainText('(718) 555-0150');
});

test('booking for someone else with insurance Other and both optional fields', async ({ page }) => {
  await walkToContact(page, {
    path: '/bright-smile',
    patientType: 'New Patient',
    forSomeoneElse: true,
    reason: 'Cleaning',
    stepLabels: { slot: 'Step 3' },
    slot: 1,
    contact: { firstName: 'Tom', visitedBefore: 'No' },
  });
  await page.getByLabel('Your First Name').fill('Mary');
  await page.getByLabel('Your Last Name').fill('Doe');
  await page.getByLabel('Your Date of Birth').fill('01021960');
  await expect(page.getByLabel('Your Date of Birth')).toHaveValue('01/02/1960');

  await page.getByRole('group', { name: 'Do you have dental insurance?' }).getByRole('radio', { name: 'Yes' }).check();
  await page.getByRole('combobox', { name: 'Insurance' }).click();
  await page.getByRole('option', { name: 'Other' }).click();
  await expect(page.getByText(brightSmile.other_insurance_message ?? '')).toBeVisible();
  // Insurance names keep their digits (ADR 0030); symbols go.
  await page.getByLabel('Insurance Provider Name').fill('Guardian 2!');
  await expect(page.getByLabel('Insurance Provider Name')).toHaveValue('Guardian 2');
  await page.getByLabel("Subscriber's Full Name").fill('Mary Doe');
  await page.getByLabel("Subscriber's Date of Birth").fill('01/02/1960');
  await page.getByLabel('Subscriber ID').fill('XZ-123456');
  await page.getByLabel('Group Number').fill('G-100');
  await page.getByLabel("Subscriber's Phone").fill('(512) 555-0142');
  await expect(page.getByLabel("Subscriber's Phone")).toHaveValue('5125550142');
  const request = await agreeAndSubmit(page, brightSmile.name);

  expect(request.postDataJSON()).toMatchObject({
    first_name: 'Tom',
    is_patient: false,
    booker_first_name: 'Mary',
    booker_last_name: 'Doe',
    booker_dob: '1960-01-02',
    has_insurance: true,
    insurance_details: {
      insurance: 'Other',
      insurance_provider: 'Guardian 2',
      subscribers_full_name: 'Mary Doe',
      subscribers_dob: '1960-01-02',
      subscriber_id: 'XZ-123456',
      group_number: 'G-100',
      subscribers_phone: '5125550142',
    },
  });
  await expectStep(page, HEADINGS.booked);
  await expect(page.getByRole('main')).toContainText('Tom Doe');
});

test('an rfv link starts at the slot step with the earliest available provider', async ({ page, request }) => {
  const rfv = await reasonId(request, 'bright-smile', 'Cleaning');
  await page.goto(`/bright-smile?rfv=${rfv}&utm_source=newsletter&gclid=g-123&referrer_id=ref-9`);
  await expectStep(page, HEADINGS.slot, 'Step 3');
  await expect(page.getByRole('button', { name: 'Back' })).toHaveCount(0);
  const { request: sent } = await bookThrough(page, {
    slot: 2,
    contact: { firstName: 'Rick', visitedBefore: 'Yes' },
    hasNoInsurance: true,
  });
  const body = sent.postDataJSON() as Record<string, unknown>;
  expect(body).toMatchObject({
    rfv_id: rfv,
    referrer_id: 'ref-9',
    patient_status: 'Returning Patient',
    source_meta: { gclid: 'g-123', source: null },
    utm_details: { rfv, utm_source: 'newsletter', gclid: 'g-123', referrer_id: 'ref-9' },
    user_meta: { clientBrowser: 'Google Chrome', hasInsurance: false, hasUserVerification: false },
  });
  expect((body.user_meta as { fingerprint?: string }).fingerprint).toMatch(/^[0-9a-f]{16,}$/);
  await expectStep(page, HEADINGS.booked);
  // The marketing value is kept in a cookie for 30 days.
  const cookie = (await page.context().cookies()).find((c) => c.name === 'gclid');
  expect(cookie?.value).toBe('g-123');
  expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
});

test('a multi-clinic practice books through the location page', async ({ page }) => {
  await page.goto('/smile-group');
  await expectStep(page, HEADINGS.clinic, null);
  const midtown = page.getByRole('article').filter({ hasText: 'Smile Group Midtown' });
  await expect(midtown).toContainText('Manhattan');
  await expect(midtown).toContainText('200 Park Ave');
  await expect(midtown.getByRole('link', { name: '(212) 555-0140' })).toHaveAttribute('href', 'tel:2125550140');
  await midtown.getByRole('button', { name: 'Book Appointment' }).click();

  await expectStep(page, HEADINGS.patientType, 'Step 1');
  await expect(page.getByRole('complementary').locator('address')).toContainText('200 Park Ave');
  const { request: sent } = await bookThrough(page, {
    patientType: 'New Patient',
    reason: 'Invisalign Consultation',
    provider: 'Select Earliest Available Provider',
    slot: 0,
    contact: { firstName: 'Nina', visitedBefore: 'No' },
  });
  // 'Select Earliest Available Provider': any provider free at the time (ADR 0062).
  expect(sent.postDataJSON()).toMatchObject({ pms_clinic_num: 1, pms_prov_num: 0 });
  await expectStep(page, HEADINGS.booked);
  // The page names the provider the booking went to.
  await expect(page.getByRole('main')).toContainText(/Dr\. Maya Patel|Dr\. Omar Haddad/);
});
