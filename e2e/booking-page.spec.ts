import { addressLine } from '#domain/format/address-format.ts';
import { formatPhone, phoneHref } from '#domain/format/phone-format.ts';
import { PRODUCT_NAME, TERMS_URL } from '#domain/product.ts';
import { demoPractice } from './demo-practices.ts';
import { expect, test } from './fixtures.ts';

const brightSmile = demoPractice('bright-smile');
const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
const hexToRgb = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
};

test('the title and description are in the server HTML before any script runs, and in the page', async ({
  page,
  request,
}) => {
  const title = `Book appointment with ${brightSmile.name} - ${PRODUCT_NAME}`;
  expect(title).toBe('Book appointment with Bright Smile Dental - Chairtime');
  const description = brightSmile.description!.trim();

  const response = await request.get('/bright-smile');
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(`<title>${escapeHtml(title)}</title>`);
  expect(html).toContain(`<meta name="description" content="${escapeHtml(description)}" />`);

  await page.goto('/bright-smile');
  await expect(page.getByRole('heading', { level: 2, name: 'Please select patient type' })).toBeVisible();
  await expect(page).toHaveTitle(title);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', description);
});

test('the side panel shows the brand colour, the address and the phone as a tap-to-call link', async ({ page }) => {
  await page.goto('/bright-smile');
  const panel = page.getByRole('complementary', { name: 'Practice information' });
  await expect(panel.getByRole('heading', { level: 1 })).toHaveText(brightSmile.name);

  const brandColor = brightSmile.form_customization?.brand_color ?? '#334155';
  await expect(panel).toHaveCSS('background-color', hexToRgb(brandColor));

  const address = addressLine({
    display_address: brightSmile.display_address,
    pms_address1: brightSmile.address_line1,
    city: brightSmile.city,
    state: brightSmile.state,
    zip: brightSmile.zipcode,
  });
  expect(address).toBeTruthy();
  await expect(panel.locator('address')).toContainText(address ?? '');

  const phone = brightSmile.phone ?? '';
  expect(phone.replace(/\D/g, '')).toHaveLength(10);
  const phoneLink = panel.getByRole('link', { name: formatPhone(phone) });
  await expect(phoneLink).toHaveText(/^\(\d{3}\) \d{3}-\d{4}$/);
  await expect(phoneLink).toHaveAttribute('href', phoneHref(phone));
});

test('the footer credits the product and links the terms', async ({ page }) => {
  await page.goto('/bright-smile');
  const footer = page.getByRole('contentinfo');
  await expect(footer.locator('p')).toHaveText(`Powered by ${PRODUCT_NAME} | Terms of Service`);
  await expect(footer.getByRole('navigation', { name: 'Language' }).getByRole('button')).toHaveText([
    'English',
    'Español',
  ]);
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', TERMS_URL);
});

test('a practice that is not accepting patients shows only the notice', async ({ page }) => {
  await page.goto('/closed-dental');
  const main = page.getByRole('main');
  await expect(main).toHaveText('This practice is currently not accepting any appointments.');
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(0);
});

test("the server's first step shows while the form is fetched again, and the answer updates it", async ({ page }) => {
  // ADR 0072: the HTML holds the first step and the form; the spec's refetch on mount still runs.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/form/**', async (route) => {
    await released;
    const response = await route.fetch();
    const body = (await response.json()) as { result: { name: string } };
    await route.fulfill({ response, json: { ...body, result: { ...body.result, name: 'Bright Smile Renamed' } } });
  });

  await page.goto('/bright-smile');
  await expect(page.getByRole('heading', { level: 2, name: 'Please select patient type' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading the booking form' })).toHaveCount(0);
  await expect(page.getByRole('complementary')).toContainText(brightSmile.name);

  release();
  await expect(page.getByRole('complementary')).toContainText('Bright Smile Renamed');
  await expect(page.getByRole('heading', { level: 2, name: 'Please select patient type' })).toBeVisible();
});

test.describe('layout', () => {
  test('on a 360 px phone the panel sits above the form and nothing scrolls sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/bright-smile');
    const panel = await page.getByRole('complementary').boundingBox();
    const main = await page.getByRole('main').boundingBox();
    expect(panel && main && panel.y + panel.height <= main.y + 1).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('on a desktop the panel sits beside the form', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/bright-smile');
    const panel = await page.getByRole('complementary').boundingBox();
    const main = await page.getByRole('main').boundingBox();
    expect(panel && main && panel.x + panel.width <= main.x + 1 && Math.abs(panel.y - main.y) < 1).toBe(true);
  });

  test('keyboard focus is visible on the panel link', async ({ page }) => {
    await page.goto('/bright-smile');
    const phoneLink = page.getByRole('complementary').getByRole('link');
    await expect(phoneLink).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(phoneLink).toBeFocused();
    await expect(phoneLink).not.toHaveCSS('outline-style', 'none');
  });
});

test.describe('a multi-clinic practice', () => {
  const smileGroup = demoPractice('smile-group');

  test("starts with the location step, the panel showing the practice's own address before a clinic is chosen", async ({
    page,
  }) => {
    expect(smileGroup.clinic_set_up).toBe(true);
    await page.goto('/smile-group');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Please select your preferred location');
    await expect(page.getByRole('complementary').locator('address')).toContainText(smileGroup.address_line1 ?? '');
  });

  test("uses the clinic chosen by clinic_num for the panel's address and phone", async ({ page }) => {
    const clinic = smileGroup.clinics?.find((c) => c.pms_clinic_num === 2);
    expect(clinic?.display_phone).toBeTruthy();
    await page.goto('/smile-group?clinic_num=2');
    await expect(page.getByRole('heading', { level: 2 })).toHaveText('Please select patient type');
    const panel = page.getByRole('complementary');
    const address = addressLine({
      display_address: clinic?.display_address,
      pms_address1: clinic?.pms_address1,
      city: clinic?.pms_city,
      state: clinic?.pms_state,
      zip: clinic?.pms_zip,
    });
    await expect(panel.locator('address')).toContainText(address ?? '');
    const phone = clinic?.display_phone ?? '';
    await expect(panel.getByRole('link', { name: formatPhone(phone) })).toHaveAttribute('href', phoneHref(phone));
  });
});
