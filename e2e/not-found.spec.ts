import { formatPhone, phoneHref } from '#domain/format/phone-format.ts';
import { demoPractice } from './demo-practices.ts';
import { allowConsoleErrors, expect, httpErrorLine, test } from './fixtures.ts';

test.describe('unknown paths', () => {
  test.use(allowConsoleErrors(httpErrorLine(404, /\/a\/b\/c$/)));

  test('an unknown path shows the 404 page', async ({ page }) => {
    const response = await page.goto('/a/b/c');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ERROR!');
    await expect(page.getByRole('main')).toContainText('Page Not Found');
  });
});

test.describe('unknown practice', () => {
  test.use(
    allowConsoleErrors(
      httpErrorLine(404, /\/no-such-practice$/),
      httpErrorLine(404, /\/api\/v1\/form\/no-such-practice/),
    ),
  );

  test("an unknown practice shows the 404 page with the server's message", async ({ page, request }) => {
    const api = await request.get('/api/v1/form/no-such-practice');
    expect(api.status()).toBe(404);
    const { message } = (await api.json()) as { message: string };
    expect(message).toBeTruthy();

    await page.goto('/no-such-practice');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ERROR!');
    await expect(page.getByRole('main')).toContainText(message);
    await expect(page.getByText('Page Not Found')).toHaveCount(0);
  });
});

test.describe('an unknown page of a known practice', () => {
  test.use(allowConsoleErrors(httpErrorLine(404, /\/bright-smile\/nothing-here$/)));

  test("is the 404 page in the practice's branding, with its name in the title", async ({ page }) => {
    const practice = demoPractice('bright-smile');
    const response = await page.goto('/bright-smile/nothing-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('ERROR!');
    await expect(page.getByRole('main')).toContainText('Page Not Found');
    const panel = page.getByRole('complementary', { name: 'Practice information' });
    await expect(panel).toContainText(practice.name);
    await expect(panel.getByRole('link', { name: formatPhone(practice.phone!) })).toHaveAttribute(
      'href',
      phoneHref(practice.phone!),
    );
    await expect(panel).toHaveCSS('background-color', 'rgb(15, 76, 92)');
    await expect(page).toHaveTitle(`Page Not Found - ${practice.name} - Chairtime`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });
});

test('the payment-failed page loads its own code and shows the spec texts', async ({ page }) => {
  await page.goto('/bright-smile/payment-failed');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment Failed');
  await expect(page.getByText('Your appointment is booked but the payment is not completed.')).toBeVisible();
});
