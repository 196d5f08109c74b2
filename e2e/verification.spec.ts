import type { Page } from '@playwright/test';
import { demoPractice } from './demo-practices.ts';
import { allowConsoleErrors, expect, httpErrorLine, test } from './fixtures.ts';
import { expectNoAxeViolations, expectStep, HEADINGS, PATIENT, type ChosenSlot } from './booking-steps.ts';
import { walkToVerify } from './booking-walk.ts';
import { codeFromOutbox, uniqueContact, wrongCodeFor } from './verification-steps.ts';

/**
 * ADR 0012, page 6 on `verify-dental`: a 6-digit code by e-mail or text (read from the dev
 * outbox), then the booking with the proof in X-Verification-Token. Each test books on a day of
 * its own (the other specs use the first day) with a contact of its own (send limits are per contact).
 */

const verifyDental = demoPractice('verify-dental');
const CONSENT = `I agree to receive text and email from ${verifyDental.name}.`;

async function toVerifyPage(
  page: Page,
  contact: { email: string; phone: string },
  dayIndex: number,
  slotIndex: number,
): Promise<ChosenSlot> {
  const slot = await walkToVerify(
    page,
    {
      path: '/verify-dental',
      patientType: 'New Patient',
      reason: 'Checkup',
      slot: [dayIndex, slotIndex],
      contact: { ...contact, visitedBefore: 'No' },
    },
    'Step 5',
  );
  await expect(page.getByRole('heading', { level: 2, name: HEADINGS.verify })).toBeFocused();
  return slot;
}

const codeInput = (page: Page) => page.getByRole('textbox', { name: 'Verification code' });
const verifyButton = (page: Page) => page.getByRole('button', { name: 'Verify & Schedule', exact: true });
const sentence = (page: Page) => page.getByTestId('verify-sentence');

test('the whole booking with a code sent by e-mail; a reload on page 6 keeps everything', async ({ page, request }) => {
  const contact = uniqueContact('verify.email');
  const slot = await toVerifyPage(page, contact, 1, 1);
  await expect(page.getByRole('button', { name: 'Use Email' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByRole('button', { name: 'Use Cell Phone' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: CONSENT })).not.toBeChecked();
  await expect(verifyButton(page)).toBeDisabled();
  await expectNoAxeViolations(page);

  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/verify/send-otp'));
  await page.getByRole('button', { name: 'Use Email' }).click();
  expect((await sent).postDataJSON()).toEqual({
    recipient: contact.email,
    verification_type: 'email',
    practice_id: expect.any(String),
  });
  await expect(sentence(page)).toHaveText(`A 6-digit code was sent to your email address ${contact.email}.`);
  await expect(page.getByRole('button', { name: 'Use Email' })).toHaveAttribute('aria-pressed', 'true');
  await expect(codeInput(page)).toBeFocused();
  await expect(page.getByRole('button', { name: 'Send again' })).toBeDisabled();
  await expect(page.getByText(/^in \d+ seconds$/)).toBeVisible();

  const { code, message } = await codeFromOutbox(request, contact.email, 'email');
  expect(message.subject).toBe(`Your ${verifyDental.name} verification code`);
  expect(message.text).toContain(verifyDental.name);
  expect(message.text).not.toContain(PATIENT.firstName);

  await codeInput(page).fill(code.slice(0, 5));
  await page.getByRole('checkbox', { name: CONSENT }).check();
  await expect(verifyButton(page)).toBeDisabled();
  await codeInput(page).fill(code);
  await expect(verifyButton(page)).toBeEnabled();
  await expectNoAxeViolations(page);

  // The booking state and page 6 live in session storage: a reload keeps the patient here, form intact.
  await page.reload();
  await expectStep(page, HEADINGS.verify);
  await expect(codeInput(page)).toHaveValue(code);
  await expect(page.getByRole('checkbox', { name: CONSENT })).toBeChecked();
  await expect(sentence(page)).toHaveText(`A 6-digit code was sent to your email address ${contact.email}.`);
  await expect(page.getByRole('button', { name: 'Send again' })).toBeDisabled();

  const [booking] = await Promise.all([
    page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/appointment')),
    verifyButton(page).click(),
  ]);
  expect(booking.headers()['x-verification-token']).toBeTruthy();
  expect(booking.headers()['x-bot-challenge']).toBeTruthy();
  expect(booking.postDataJSON()).toMatchObject({
    email: contact.email,
    wireless_phone: contact.phone,
    is_concented: true,
  });
  await expectStep(page, HEADINGS.booked, null);
  await expect(page.getByRole('main')).toContainText(`${slot.dayHeading}, ${slot.time}`);
  await expect(page.getByRole('main')).toContainText(contact.email);
});

test('the whole booking with a code sent by text message', async ({ page, request }) => {
  const contact = uniqueContact('verify.sms');
  const slot = await toVerifyPage(page, contact, 2, 1);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/verify/send-otp'));
  await page.getByRole('button', { name: 'Use Cell Phone' }).click();
  // Spec section 7: '+1' in front of a phone without '+'.
  expect((await sent).postDataJSON()).toMatchObject({ recipient: contact.e164, verification_type: 'text' });
  const shownPhone = `(${contact.phone.slice(0, 3)}) ${contact.phone.slice(3, 6)}-${contact.phone.slice(6)}`;
  await expect(sentence(page)).toHaveText(`A 6-digit code was sent to your phone number ${shownPhone}.`);
  await expect(page.getByRole('button', { name: 'Use Cell Phone' })).toHaveAttribute('aria-pressed', 'true');

  const { code, message } = await codeFromOutbox(request, contact.e164, 'sms');
  expect(message.subject).toBeNull();
  // Pasting works, spaces and dashes included; letters never get in and at most 6 digits are kept.
  await codeInput(page).focus();
  await page.keyboard.insertText(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(codeInput(page)).toHaveValue(code);
  await codeInput(page).fill(`x${code}99`);
  await expect(codeInput(page)).toHaveValue(code);
  await expect(codeInput(page)).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(codeInput(page)).toHaveAttribute('inputmode', 'numeric');

  await page.getByRole('checkbox', { name: CONSENT }).check();
  await verifyButton(page).click();
  await expectStep(page, HEADINGS.booked, null);
  await expect(page.getByRole('main')).toContainText(`${slot.dayHeading}, ${slot.time}`);
});

test.describe('a wrong code', () => {
  test.use(allowConsoleErrors(httpErrorLine(400, /\/api\/v1\/verify\/verify-otp$/)));

  test('is refused with the server message and cleared; the right one still books', async ({ page, request }) => {
    const contact = uniqueContact('verify.wrong');
    await toVerifyPage(page, contact, 3, 1);
    await page.getByRole('button', { name: 'Use Email' }).click();
    const { code } = await codeFromOutbox(request, contact.email, 'email');
    await page.getByRole('checkbox', { name: CONSENT }).check();

    await codeInput(page).fill(wrongCodeFor(code));
    const [check] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/v1/verify/verify-otp')),
      verifyButton(page).click(),
    ]);
    expect(check.status()).toBe(400);
    const { message } = (await check.json()) as { message: string };
    await expect(page.getByText(message)).toBeVisible();
    await expect(codeInput(page)).toHaveValue('');
    await expect(codeInput(page)).toBeFocused();
    await expect(verifyButton(page)).toBeDisabled();
    await expectStep(page, HEADINGS.verify);

    await codeInput(page).fill(code);
    await verifyButton(page).click();
    await expectStep(page, HEADINGS.booked, null);
  });
});

test('"Send again" waits out its 30-second countdown, then sends a new code that books', async ({
  page,
  request,
  moveClock,
}) => {
  // The page and the server share a clock that the test moves past the countdown instead of waiting 30 s.
  await moveClock(new Date().toISOString());
  const contact = uniqueContact('verify.resend');
  await toVerifyPage(page, contact, 4, 1);
  await page.getByRole('button', { name: 'Use Email' }).click();
  const first = await codeFromOutbox(request, contact.email, 'email');
  const sendAgain = page.getByRole('button', { name: 'Send again' });
  const countdown = page.getByText(/^in \d+ seconds$/);
  await expect(sendAgain).toBeDisabled();
  const secondsAt = async () => Number(/\d+/.exec((await countdown.textContent()) ?? '')?.[0]);
  const start = await secondsAt();
  expect(start).toBeGreaterThanOrEqual(27);
  expect(start).toBeLessThanOrEqual(30);
  await expect.poll(secondsAt, { timeout: 5_000 }).toBeLessThan(start);

  await expect(sendAgain).toBeDisabled();
  // 31 s on, for the page's countdown and for the server's resend cooldown alike.
  await moveClock(new Date(Date.now() + 31_000).toISOString());
  await expect(sendAgain).toBeEnabled({ timeout: 5_000 });
  await expect(countdown).toHaveCount(0);
  await sendAgain.click();
  await expect(page.getByText(/^in (30|29) seconds$/)).toBeVisible();
  await expect(sendAgain).toBeDisabled();
  const second = await codeFromOutbox(request, contact.email, 'email', new Set([first.message.id]));

  await codeInput(page).fill(second.code);
  await page.getByRole('checkbox', { name: CONSENT }).check();
  await verifyButton(page).click();
  await expectStep(page, HEADINGS.booked, null);
});
