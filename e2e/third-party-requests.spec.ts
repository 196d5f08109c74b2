import type { BrowserContext, Page } from '@playwright/test';
import { demoPractice } from './demo-practices.ts';
import { allowConsoleErrors, expect, httpErrorLine, test as base } from './fixtures.ts';
import { expectStep, HEADINGS } from './booking-steps.ts';
import { bookThrough, VERIFY_DENTAL_COSMETIC, walkToVerify } from './booking-walk.ts';
import { createReviewRequest } from './review-requests.ts';
import { codeFromOutbox, uniqueContact } from './verification-steps.ts';

/**
 * Invariant 6 in the browser: on every page a patient can reach (each step of the booking, page
 * 6, checkout and both payment pages, the review and feedback pages, the 404 pages) every request
 * goes to this server. Anything else is recorded and blocked, so it fails the test and never leaves
 * the machine. (Following the Google review link is the patient's own navigation, not tested here.)
 * Each test books on a day the other specs leave alone.
 */
const verifyDental = demoPractice('verify-dental');

/** Every URL the pages of `context` request, and those of another origin, which are blocked. */
async function watchRequests(context: BrowserContext, baseURL: string) {
  const origin = new URL(baseURL).origin;
  const ours: string[] = [];
  const others: string[] = [];
  context.on('request', (request) => {
    const url = request.url();
    // data: and blob: URLs are made inside the page and never reach a network.
    if (/^(data|blob):/.test(url)) return;
    (new URL(url).origin === origin ? ours : others).push(url);
  });
  await context.route(
    (url) => !['data:', 'blob:'].includes(url.protocol) && url.origin !== origin,
    (route) => route.abort('blockedbyclient'),
  );
  return {
    expectOnlyOurOrigin(minimum: number) {
      expect(others).toEqual([]);
      expect(ours.length).toBeGreaterThanOrEqual(minimum);
    },
  };
}

/** Each test watches its context's requests from its first page on. */
const test = base.extend<{ watch: Awaited<ReturnType<typeof watchRequests>> }>({
  watch: async ({ context, baseURL }, use) => use(await watchRequests(context, baseURL!)),
});

// The dev checkout page has no favicon link, so Chromium asks for /favicon.ico.
test.use(allowConsoleErrors(httpErrorLine(404, /\/favicon\.ico$/)));

async function visit(page: Page, path: string, heading: string | RegExp, level = 1) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level, name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('a direct booking, every step and the confirmation; marketing cookies are SameSite=Lax', async ({
  page,
  context,
  watch,
}) => {
  const { email } = uniqueContact('third.party');
  await bookThrough(page, {
    path: '/bright-smile?gclid=g-third-party&source=ads',
    patientType: 'New Patient',
    reason: 'New Patient Exam',
    provider: 'Dr. Ben Carter',
    slot: [6, 2],
    contact: { email, visitedBefore: 'No' },
    hasNoInsurance: true,
  });
  await expectStep(page, HEADINGS.booked, null);
  await page.waitForLoadState('networkidle');

  const cookies = (await context.cookies()).filter((cookie) => ['gclid', 'source'].includes(cookie.name));
  expect(cookies.map((c) => [c.name, c.sameSite])).toEqual(
    expect.arrayContaining([
      ['gclid', 'Lax'],
      ['source', 'Lax'],
    ]),
  );
  watch.expectOnlyOurOrigin(10);
});

test('page 6 (verification), checkout, the success page and the failed page', async ({ page, request, watch }) => {
  const contact = uniqueContact('third.party.pay');
  await walkToVerify(page, { ...VERIFY_DENTAL_COSMETIC, slot: [6, 2], contact: { ...contact, visitedBefore: 'Yes' } });
  await page.getByRole('button', { name: 'Use Email' }).click();
  const { code } = await codeFromOutbox(request, contact.email, 'email');
  await page.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await page.getByRole('checkbox', { name: `I agree to receive text and email from ${verifyDental.name}.` }).check();
  await page.getByRole('button', { name: 'Verify & Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/_dev\/checkout\//);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment Successful' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The tab still holds the paid checkout, so the failed page reports it as paid once its lookup
  // answers (ADR 0024); either heading is that page, and this test is about what it fetches.
  await visit(page, '/verify-dental/payment-failed', /^Payment (Failed|Successful)$/);
  watch.expectOnlyOurOrigin(15);
});

test('the review page and the feedback page, through to a sent feedback', async ({ page, request, watch }) => {
  const created = await createReviewRequest(request, `Third${Date.now().toString(36)}`);
  await visit(page, new URL(created.review_url).pathname, /^Thank you for choosing us/);
  await expect(page.getByRole('link', { name: 'Leave a Review on Google', exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Let us know' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Feedback Form');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Long wait time' }).click();
  await page.getByLabel('Description').fill('Waited forty minutes.');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Thank you for your feedback. The practice will read it carefully.',
  );
  await page.waitForLoadState('networkidle');
  watch.expectOnlyOurOrigin(5);
});

test.describe('pages without a booking', () => {
  test.use(
    allowConsoleErrors(
      httpErrorLine(404, /\/(no-such-practice|a\/b\/c)$/),
      httpErrorLine(404, /\/api\/v1\/form\/no-such-practice/),
      httpErrorLine(404, /\/api\/v1\/review\/verify-request-link\//),
    ),
  );

  test('the clinic choice, a practice not taking patients, the 404 pages and a broken review link', async ({
    page,
    watch,
  }) => {
    await visit(page, '/smile-group', HEADINGS.clinic, 2);
    await page.goto('/closed-dental');
    await expect(page.getByRole('main')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await visit(page, '/no-such-practice', 'ERROR!');
    await visit(page, '/a/b/c', 'ERROR!');
    await page.goto('/review/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByText('This review link is not valid.', { exact: false })).toBeVisible();
    await page.waitForLoadState('networkidle');
    watch.expectOnlyOurOrigin(10);
  });
});
