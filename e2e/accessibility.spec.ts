import AxeBuilder from '@axe-core/playwright';
import { allowConsoleErrors, expect, httpErrorLine, test } from './fixtures.ts';
import { axeBuilder, choosePatientType, chooseReason, expectStep, HEADINGS } from './booking-steps.ts';

const pages = [
  { name: 'the booking form', path: '/bright-smile', ready: 'Please select patient type' },
  {
    name: 'a practice not accepting patients',
    path: '/closed-dental',
    ready: 'This practice is currently not accepting any appointments.',
  },
  { name: 'the 404 page', path: '/a/b/c', ready: 'Page Not Found' },
];

test.use(allowConsoleErrors(httpErrorLine(404, /\/a\/b\/c$/)));

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
]) {
  for (const { name, path, ready } of pages) {
    test(`${name} has no WCAG 2.2 AA violations at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await expect(page.getByText(ready)).toBeVisible();
      const results = await axeBuilder(page).analyze();
      expect(
        results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) })),
      ).toEqual([]);
    });
  }
}

for (const brandColor of ['#fde68a', '#777777', '#808080', '#0f766e', '#ffffff', '#000000']) {
  test(`side panel text keeps its contrast on the brand colour ${brandColor}`, async ({ page }) => {
    await page.route('**/api/v1/form/**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result: { form_customization: { brand_color: string } } };
      body.result.form_customization.brand_color = brandColor;
      await route.fulfill({ response, json: body });
    });
    // The server's page shows the practice's own colour; the browser's refetch brings this one (ADR 0072).
    const refetched = page.waitForResponse('**/api/v1/form/**');
    await page.goto('/bright-smile');
    await refetched;
    const panel = page.getByRole('complementary', { name: 'Practice information' });
    await expect(panel).toHaveCSS('background-color', hexToRgb(brandColor));
    const results = await new AxeBuilder({ page }).include('aside').withRules(['color-contrast']).analyze();
    expect(results.passes.some((rule) => rule.id === 'color-contrast')).toBe(true);
    expect(results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((n) => n.target) }))).toEqual([]);
  });
}

test("the calendar's day buttons are named by their visible number (label-content-name-mismatch runs, passes)", async ({
  page,
}) => {
  await page.goto('/bright-smile');
  await choosePatientType(page, 'New Patient');
  await chooseReason(page, 'Cleaning');
  await expectStep(page, HEADINGS.slot);
  const day = page.getByRole('grid').getByRole('button').and(page.locator(':not([disabled])')).first();
  await expect(day).toBeVisible();
  const number = (await day.textContent()) ?? '';
  await expect(day).toHaveAccessibleName(new RegExp(`(^|\\W)${number}(\\W|$)`));
  const results = await axeBuilder(page).include('[role="grid"]').analyze();
  const ran = [...results.passes, ...results.violations].map((rule) => rule.id);
  expect(ran).toContain('label-content-name-mismatch');
  expect(results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((n) => n.target) }))).toEqual([]);
});

for (const buttonColor of ['#fde68a', '#777777', '#0f766e', '#ffffff', '#000000']) {
  test(`a disabled step button keeps its text readable on the practice colour ${buttonColor}`, async ({ page }) => {
    await page.route('**/api/v1/form/**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result: { form_customization: { button_color_2: string } } };
      body.result.form_customization.button_color_2 = buttonColor;
      await route.fulfill({ response, json: body });
    });
    await page.goto('/bright-smile');
    const next = page.getByRole('button', { name: 'Next' });
    await expect(next).toBeDisabled();
    // Axe leaves disabled controls out of its contrast check: measure the rendered colours here.
    const ratio = await next.evaluate((button) => {
      const style = getComputedStyle(button);
      const channels = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
      const [r1, g1, b1, a1 = 1] = channels(style.backgroundColor);
      const [r2, g2, b2, a2 = 1] = channels(style.color);
      const opacity = Number(style.opacity);
      const lum = (r: number, g: number, b: number) =>
        [r, g, b]
          .map((c) => (c / 255 <= 0.04045 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4))
          .reduce((sum, c, i) => sum + c * [0.2126, 0.7152, 0.0722][i]!, 0);
      // The text is drawn over the button's fill, and the whole button (opacity) over the white page.
      const fill = [r1!, g1!, b1!].map((c) => a1 * c + (1 - a1) * 255);
      const text = [r2!, g2!, b2!].map((c, i) => a2 * c + (1 - a2) * fill[i]!);
      const seen = (rgb: number[]) => rgb.map((c) => opacity * c + (1 - opacity) * 255) as [number, number, number];
      const bg = lum(...seen(fill));
      const fg = lum(...seen(text));
      return (Math.max(bg, fg) + 0.05) / (Math.min(bg, fg) + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
}

/** `#rrggbb` as the browser's computed `rgb(r, g, b)`. */
function hexToRgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}
