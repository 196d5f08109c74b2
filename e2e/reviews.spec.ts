import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { formatPhone, phoneHref } from '#domain/format/phone-format.ts';
import { FEEDBACK_CATEGORIES } from '#domain/reviews/feedback-categories.ts';
import { ReviewRequestStatusSchema } from '#domain/reviews/review-request-schemas.ts';
import { allowConsoleErrors, expect, httpErrorLine, test } from './fixtures.ts';
import { demoPractice, type DemoPractice } from './demo-practices.ts';
import { ADMIN_HEADERS, createReviewRequest } from './review-requests.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

const demo = JSON.parse(readFileSync(new URL('../demo/practices.json', import.meta.url), 'utf8')) as {
  practices: { form_url: string; google_review_url?: string | null; notification_email?: string | null }[];
};
const brightSmile = demo.practices.find((p) => p.form_url === 'bright-smile')!;
const brightSmileBranding = demoPractice('bright-smile');
const GOOGLE_URL = brightSmile.google_review_url!;
const OFFICE_EMAIL = brightSmile.notification_email!;
const GOOGLE_STUB = '<!doctype html><html lang="en"><title>Google reviews (stub)</title><p>Stub</p></html>';

/**
 * The practice's side panel: its name, brand colour and tap-to-call phone; the page's own heading
 * stays the only h1.
 */
async function expectPracticeBranding(page: Page, practice: DemoPractice) {
  const panel = page.getByRole('complementary', { name: 'Practice information' });
  await expect(panel).toContainText(practice.name);
  const phone = practice.phone!;
  await expect(panel.getByRole('link', { name: formatPhone(phone) })).toHaveAttribute('href', phoneHref(phone));
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(practice.form_customization!.brand_color!.slice(i, i + 2), 16));
  await expect(panel).toHaveCSS('background-color', `rgb(${r}, ${g}, ${b})`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
}

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) }))).toEqual(
    [],
  );
}

test('a patient opens the review link, goes on to Google and sends private feedback the practice receives', async ({
  page,
  context,
  request,
}) => {
  // Two pages, four accessibility scans and a second tab: more than the default 30 s on a busy machine.
  test.setTimeout(60_000);
  // Nothing may leave the machine. Playwright routes only the first URL of a redirect chain, so
  // the tracking link itself is routed: the real server answers it (and records the click), its
  // redirect is kept for the assertions, and a local page stands in for Google.
  const redirects: { status: number; location: string | undefined }[] = [];
  await context.route('**/api/v1/review/track/**', async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    redirects.push({ status: response.status(), location: response.headers()['location'] });
    await route.fulfill({ status: 200, contentType: 'text/html', body: GOOGLE_STUB });
  });
  await context.route(/^https?:\/\/([a-z0-9-]+\.)*google\.com\//, (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: GOOGLE_STUB }),
  );
  const lastName = `Diaz${Date.now().toString(36)}`;
  const created = await createReviewRequest(request, lastName);

  await page.goto(new URL(created.review_url).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Thank you for choosing us, Rosa ${lastName}`);
  await expect(page.getByRole('heading', { level: 2 })).toHaveText('Not happy with your visit ?');
  const google = page.getByRole('link', { name: 'Leave a Review on Google', exact: true });
  await expect(google).toHaveAttribute('target', '_blank');
  await expectPracticeBranding(page, brightSmileBranding);
  await expect(page).toHaveTitle('Thank you for your visit - Bright Smile Dental - Chairtime');
  await expectNoAxeViolations(page);

  const [tab] = await Promise.all([context.waitForEvent('page'), google.click()]);
  await expect(tab).toHaveTitle('Google reviews (stub)');
  expect(tab.url()).toMatch(new RegExp(`/api/v1/review/track/${created.request_id}$`));
  expect(redirects).toEqual([{ status: 302, location: GOOGLE_URL }]);
  await tab.close();
  const status = async () =>
    ReviewRequestStatusSchema.parse(
      (
        await (
          await request.get(`/api/v1/admin/review-requests/${created.request_id}`, { headers: ADMIN_HEADERS })
        ).json()
      ).result,
    );
  expect((await status()).click_count).toBe(1);

  await page.getByRole('link', { name: 'Let us know' }).click();
  await expect(page).toHaveURL(`/review/feedback?requestId=${created.request_id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Feedback Form');
  const category = page.getByRole('combobox', { name: 'Category' });
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(category).toHaveText(/Select\.\.\./);
  await expect(page.getByPlaceholder('Enter your message...')).toBeVisible();
  await expect(submit).toBeDisabled();
  await expectPracticeBranding(page, brightSmileBranding);
  await expect(page).toHaveTitle('Feedback Form - Bright Smile Dental - Chairtime');
  await expectNoAxeViolations(page);

  // Keyboard only: open the menu, check it, pick 'Hygiene concerns' (the sixth), type, send.
  await category.focus();
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('option')).toHaveText([...FEEDBACK_CATEGORIES]);
  const menu = (await listbox.boundingBox())!;
  expect(menu.height).toBeGreaterThanOrEqual(140);
  expect(menu.height).toBeLessThanOrEqual(300);
  await expectNoAxeViolations(page);
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(category).toHaveText(/Hygiene concerns/);
  await expect(submit).toBeDisabled();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Description')).toBeFocused();
  await page.keyboard.type('The chair was not wiped between patients.');
  await page.keyboard.press('Tab');
  await expect(submit).toBeFocused();
  await page.keyboard.press('Enter');

  const sent = page.getByRole('status');
  await expect(sent).toHaveText('Thank you for your feedback. The practice will read it carefully.');
  await expect(sent).toBeFocused();
  await expect(category).toHaveCount(0);

  const subject = `Private feedback from Rosa ${lastName}: Hygiene concerns`;
  await expect
    .poll(async () => {
      const outbox = (await (await request.get('/_dev/outbox?format=json')).json()) as {
        channel: string;
        to: string;
        subject: string | null;
        text: string;
      }[];
      return outbox.find((message) => message.subject === subject) ?? null;
    })
    .toMatchObject({
      channel: 'email',
      to: OFFICE_EMAIL,
      text: expect.stringContaining('The chair was not wiped between patients.'),
    });
  expect((await status()).feedback).toMatchObject({ feedback_category: 'Hygiene concerns' });
});

test("a practice without a Google review page: no 'Leave a Review on Google', private feedback, its branding", async ({
  page,
  request,
}) => {
  const verifyDental = demoPractice('verify-dental');
  expect(demo.practices.find((p) => p.form_url === 'verify-dental')?.google_review_url ?? null).toBeNull();
  const created = await createReviewRequest(request, `Quiet${Date.now().toString(36)}`, 'verify-dental');
  await page.goto(new URL(created.review_url).pathname);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Thank you for choosing us, Rosa /);
  await expect(page.getByRole('link', { name: 'Let us know' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Leave a Review on Google' })).toHaveCount(0);
  await expect(page.getByText(/Google/)).toHaveCount(0);
  await expectPracticeBranding(page, verifyDental);
  await expect(page).toHaveTitle('Thank you for your visit - Verify Dental Care - Chairtime');
  await expectNoAxeViolations(page);
});

test.describe('a review link that does not work', () => {
  test.use(allowConsoleErrors(httpErrorLine(404, /\/api\/v1\/review\/verify-request-link\//)));

  test('shows the error message instead of the page', async ({ page }) => {
    await page.goto('/review/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(
      page.getByText('This review link is not valid. Please open the full link from the message you received.'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Leave a Review on Google' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });
});

test.describe('a second feedback for the same visit', () => {
  test.use(allowConsoleErrors(httpErrorLine(409, /\/api\/v1\/review\/feedback$/)));

  test('is refused with the message in a toast, keeping what was typed', async ({ page, request }) => {
    const created = await createReviewRequest(request, `Again${Date.now().toString(36)}`);
    const first = await request.post('/api/v1/review/feedback', {
      data: { request_id: created.request_id, feedback_category: 'Other', feedback_description: 'First.' },
    });
    expect(first.status()).toBe(201);
    await page.goto(`/review/feedback?requestId=${created.request_id}`);
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Long wait time' }).click();
    await page.getByLabel('Description').fill('Second.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('We already received your feedback for this visit. Thank you!')).toBeVisible();
    await expect(page.getByLabel('Description')).toHaveValue('Second.');
  });
});

test('both review pages have no WCAG 2.2 AA violations on a 360 px phone', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const created = await createReviewRequest(request, `Phone${Date.now().toString(36)}`);
  await page.goto(new URL(created.review_url).pathname);
  await expect(page.getByRole('link', { name: 'Leave a Review on Google', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Let us know' }).click();
  await page.getByRole('combobox', { name: 'Category' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('in Spanish (?lang=es) both review pages speak Spanish, send the stored category, pass axe at 375 px', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  const created = await createReviewRequest(request, `Lang${Date.now().toString(36)}`);
  await page.goto(`${new URL(created.review_url).pathname}?lang=es`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Gracias por elegirnos, /);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('link', { name: 'Dejar una reseña en Google', exact: true })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Información del consultorio' })).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Cuéntenos' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Formulario de comentarios' })).toBeVisible();
  await page.getByRole('combobox', { name: 'Categoría' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  await expectNoAxeViolations(page);
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/v1/review/feedback'));
  await page.getByRole('option', { name: 'Problemas de facturación' }).click();
  await page.getByLabel('Descripción').fill('Me cobraron dos veces.');
  await page.getByRole('button', { name: 'Enviar' }).click();
  const requestSent = await sent;
  expect(requestSent.postDataJSON()).toMatchObject({ feedback_category: 'Billing issues' });
  expect(requestSent.headers()['accept-language']).toBe('es');

  // The switch in the footer brings English back on the same page.
  await page.getByRole('contentinfo').getByRole('button', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback Form' })).toBeVisible();
});
