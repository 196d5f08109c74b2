import AxeBuilder from '@axe-core/playwright';
import { allowConsoleErrors, expect, httpErrorLine, test } from './fixtures.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

const pages = [
  { name: 'the booking form', path: '/bright-smile', ready: 'Please select patient type' },
  { name: 'a practice not accepting patients', path: '/closed-dental', ready: 'This practice is currently not accepting any appointments.' },
  { name: 'the 404 page', path: '/a/b/c', ready: 'Page Not Found' },
];

test.use(allowConsoleErrors(httpErrorLine(404, /\/a\/b\/c$/)));

for (const viewport of [{ width: 1280, height: 800 }, { width: 360, height: 740 }]) {
  for (const { name, path, ready } of pages) {
    test(`${name} has no WCAG 2.2 AA violations at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto(path);
      await expect(page.getByText(ready)).toBeVisible();
      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
      expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((n) => n.target) }))).toEqual([]);
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
    await page.goto('/bright-smile');
    const panel = page.getByRole('complementary', { name: 'Practice information' });
    await expect(panel.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page }).include('aside').withRules(['color-contrast']).analyze();
    expect(results.passes.some((rule) => rule.id === 'color-contrast')).toBe(true);
    expect(results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((n) => n.target) }))).toEqual([]);
  });
}
