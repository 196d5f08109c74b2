import type { Page } from '@playwright/test';
import { demoPractice } from './demo-practices.ts';
import { allowConsoleErrors, expect, httpErrorLine, test } from './fixtures.ts';
import {
  agreeToContact,
  expectNoAxeViolations,
  expectStep,
  HEADINGS,
  PATIENT,
  type ChosenSlot,
} from './booking-steps.ts';
import { VERIFY_DENTAL_COSMETIC, walkToContact, walkToVerify } from './booking-walk.ts';
import { codeFromOutbox, outbox, uniqueContact } from './verification-steps.ts';

/**
 * ADR 0014 with the local test checkout: 'Pay & Schedule' on page 5 (bright-smile) and
 * 'Verify & Pay' on page 6 (verify-dental) create the session and go to checkout; Pay comes back
 * to the success page, Cancel to the failed page. Each test books on a day of its own.
 */

const brightSmile = demoPractice('bright-smile');
const verifyDental = demoPractice('verify-dental');
const BOOKING_STORAGE = 'chairtime-booking';
const CHECKOUT_STORAGE = 'chairtime-checkout';

// The dev checkout page (served by the server, no favicon link) makes Chromium ask for /favicon.ico.
test.use(allowConsoleErrors(httpErrorLine(404, /\/favicon\.ico$/)));

const stored = (page: Page, key: string) => page.evaluate((k) => sessionStorage.getItem(k), key);

/** Page 5 of bright-smile's paid reason, filled in and ready for 'Pay & Schedule'. */
async function toPaidContactPage(page: Page, email: string, dayIndex: number, slotIndex: number): Promise<ChosenSlot> {
  const slot = await walkToContact(page, {
    path: '/bright-smile',
    patientType: 'New Patient',
    reason: 'Teeth Whitening Consultation',
    slot: [dayIndex, slotIndex],
    contact: { email, visitedBefore: 'No' },
    hasNoInsurance: true,
  });
  await agreeToContact(page, brightSmile.name);
  return slot;
}

test('pay: page 5 goes to checkout, Pay returns to the receipt, the booking is confirmed, the form restarts', async ({
  page,
  request,
  baseURL,
}) => {
  const { email } = uniqueContact('pay');
  const slot = await toPaidContactPage(page, email, 1, 3);

  const [create] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/stripe/create-session')),
    page.getByRole('button', { name: 'Pay & Schedule' }).click(),
  ]);
  expect(create.postDataJSON()).toMatchObject({
    success_url: `${baseURL}/bright-smile/payment-success`,
    cancel_url: `${baseURL}/bright-smile/payment-failed`,
    email,
    first_name: PATIENT.firstName,
    rfv_id: expect.any(String),
    practice_id: expect.any(String),
    is_concented: true,
  });
  expect(create.headers()['x-bot-challenge']).toBeTruthy();
  expect(create.headers()['x-verification-token']).toBeUndefined();

  await expect(page).toHaveURL(/\/_dev\/checkout\/[^/?]+$/);
  await expect(page.getByText('$75.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/bright-smile\/payment-success\?session_id=[^&]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('Your payment was successful and your appointment is confirmed.');
  await expect(main).toContainText(`${slot.dayHeading}, ${slot.time}`);
  // First Available was chosen, but the booking went to someone: named as page 7 names them (ADR 0060).
  await expect(main).not.toContainText('First Available');
  await expect(main).toContainText(/ProviderDr\. /);
  await expect(main).toContainText('$75.00');
  await expect(main).toContainText(/Returning to the booking form in \d+ seconds/);
  await expectNoAxeViolations(page);
  // Booked: the booking state is gone at once (spec section 4).
  expect(await stored(page, BOOKING_STORAGE)).toBeNull();

  // Paid means booked: the patient's confirmation goes out.
  await expect
    .poll(
      async () =>
        (await outbox(request)).some(
          (m) =>
            m.to === email &&
            m.channel === 'email' &&
            (m.subject ?? '').startsWith(`Your appointment at ${brightSmile.name}`),
        ),
      { timeout: 15_000 },
    )
    .toBe(true);

  // After the countdown the page returns to the form, which starts afresh.
  await expect(page).toHaveURL(/\/bright-smile$/, { timeout: 15_000 });
  await expectStep(page, HEADINGS.patientType, 'Step 1');
  expect(await stored(page, CHECKOUT_STORAGE)).toBeNull();
});

test('cancel: the failed page names the practice, booked but unpaid and when; "Try the payment again" pays', async ({
  page,
}) => {
  const { email } = uniqueContact('cancel');
  const slot = await toPaidContactPage(page, email, 2, 4);
  await page.getByRole('button', { name: 'Pay & Schedule' }).click();
  await expect(page).toHaveURL(/\/_dev\/checkout\//);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(/\/bright-smile\/payment-failed\?session_id=[^&]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Failed' })).toBeVisible();
  await expect(page.getByText('Your appointment is booked but the payment is not completed.')).toBeVisible();
  await expect(page.getByText('You can pay now, or at your visit.')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`${slot.dayHeading}, ${slot.time}`);
  const header = page.getByRole('banner', { name: 'Practice information' });
  await expect(header).toContainText(brightSmile.name);
  await expect(page.getByRole('main').getByRole('link', { name: /^\(\d{3}\) \d{3}-\d{4}$/ })).toHaveAttribute(
    'href',
    /^tel:/,
  );
  await expect(page).toHaveTitle(`Payment Failed - ${brightSmile.name} - Chairtime`);
  await expectNoAxeViolations(page);
  // Booked: the form starts afresh; the checkout's id stays for "Try the payment again".
  expect(await stored(page, BOOKING_STORAGE)).toBeNull();

  await page.getByRole('button', { name: 'Try the payment again' }).click();
  await expect(page).toHaveURL(/\/_dev\/checkout\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await expect(page).toHaveTitle(`Payment Successful - ${brightSmile.name} - Chairtime`);

  await page.getByRole('link', { name: 'Back to the booking form' }).click();
  await expectStep(page, HEADINGS.patientType, 'Step 1');
});

test('back from checkout: Pay & Schedule resumes their own hold, not "booked by someone else"; Pay books', async ({
  page,
}) => {
  const { email } = uniqueContact('back');
  const slot = await toPaidContactPage(page, email, 4, 2);
  await page.getByRole('button', { name: 'Pay & Schedule' }).click();
  await expect(page).toHaveURL(/\/_dev\/checkout\//);
  const checkoutUrl = page.url();

  await page.goBack();
  await expectStep(page, HEADINGS.contact);
  const [create] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/v1/stripe/create-session')),
    page.getByRole('button', { name: 'Pay & Schedule' }).click(),
  ]);
  expect(create.status()).toBe(201);
  expect(create.request().postDataJSON()).toMatchObject({ replaces_session_id: checkoutUrl.split('/').at(-1) });
  await expect(page).toHaveURL(checkoutUrl);
  await expect(page.getByText(/booked by someone else/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await expect(page.getByRole('main')).toContainText(`${slot.dayHeading}, ${slot.time}`);
});

test('a patient on another address of the site is sent to the same page on PUBLIC_URL before the flow starts', async ({
  page,
  baseURL,
}) => {
  const other = baseURL!.replace('127.0.0.1', 'localhost');
  await page.goto(`${other}/bright-smile?referrer_id=r1`);
  await expect(page).toHaveURL(`${baseURL}/bright-smile?referrer_id=r1`);
  await expectStep(page, HEADINGS.patientType, 'Step 1');
});

test.describe('a payment session the server cannot create', () => {
  test.use(allowConsoleErrors(httpErrorLine(503, /\/api\/v1\/stripe\/create-session$/)));

  test('clears the stored session and shows the message; the patient stays on page 5', async ({ page }) => {
    const message = 'Payment could not be started. Please try again in a moment.';
    await page.route('**/api/v1/stripe/create-session', (route) =>
      route.fulfill({ status: 503, json: { success: false, code: 'SERVICE_UNAVAILABLE', message } }),
    );
    const { email } = uniqueContact('pay.fail');
    await toPaidContactPage(page, email, 3, 2);
    // A session left over from an earlier attempt must not survive this one.
    await page.evaluate(
      (key) => sessionStorage.setItem(key, JSON.stringify({ sessionId: 'cs_old' })),
      CHECKOUT_STORAGE,
    );
    await page.getByRole('button', { name: 'Pay & Schedule' }).click();
    await expect(page.getByText(message)).toBeVisible();
    await expectStep(page, HEADINGS.contact);
    expect(await stored(page, CHECKOUT_STORAGE)).toBeNull();
    await expect(page.getByRole('button', { name: 'Pay & Schedule' })).toBeEnabled({ timeout: 5_000 });
  });
});

test.describe('a return the server does not know', () => {
  test.use(allowConsoleErrors(httpErrorLine(404, /\/api\/v1\/stripe\/check-payment-status\?/)));

  test('is ignored silently: no error, no claim of payment', async ({ page }) => {
    await page.goto('/bright-smile/payment-success?session_id=cs_unknown');
    await expect(page.getByRole('heading', { level: 1, name: 'Payment status' })).toBeVisible();
    await expect(page.getByText('We could not check the status of this payment.')).toBeVisible();
    await expect(page.getByText('Payment Successful')).toHaveCount(0);
    await expect(page.getByText('Something went wrong')).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test('pay after verification (verify-dental): page 6 sends the proof to create-session, Pay shows the receipt', async ({
  page,
  request,
}) => {
  const contact = uniqueContact('verify.pay');
  const walk = { ...VERIFY_DENTAL_COSMETIC, slot: [5, 1], contact: { ...contact, visitedBefore: 'Yes' } } as const;
  const slot = await walkToVerify(page, walk, 'Step 6');

  const payButton = page.getByRole('button', { name: 'Verify & Pay', exact: true });
  await expect(payButton).toBeDisabled();
  await page.getByRole('button', { name: 'Use Email' }).click();
  const { code } = await codeFromOutbox(request, contact.email, 'email');
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await page.getByRole('checkbox', { name: `I agree to receive text and email from ${verifyDental.name}.` }).check();
  const [create] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/stripe/create-session')),
    payButton.click(),
  ]);
  expect(create.headers()['x-verification-token']).toBeTruthy();
  expect(create.headers()['x-bot-challenge']).toBeTruthy();
  expect(create.postDataJSON()).toMatchObject({
    email: contact.email,
    success_url: expect.stringMatching(/\/verify-dental\/payment-success$/),
  });

  await expect(page).toHaveURL(/\/_dev\/checkout\//);
  await expect(page.getByText('$50.00')).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(`${slot.dayHeading}, ${slot.time}`);
  await expect(main).toContainText('Dr. Iris Moreno');
  await expect(main).toContainText('$50.00');
  expect(await stored(page, 'chairtime-verification')).toBeNull();

  await page.getByRole('link', { name: 'Back to the booking form' }).click();
  await expectStep(page, HEADINGS.patientType, 'Step 1');
  expect(await stored(page, CHECKOUT_STORAGE)).toBeNull();
});
