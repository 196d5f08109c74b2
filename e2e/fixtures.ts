import { test as base, expect } from '@playwright/test';

export interface AllowedConsoleError {
  /** Matched against the console message text. */
  text: RegExp;
  /** Matched against the URL the message is about (the failed resource, for network errors). */
  url?: RegExp;
}

interface Fixtures {
  /**
   * Console errors a test expects, e.g. the browser's own line about a 404 the test asked for.
   * (An object, not a bare array: `test.use` would read a two-item array as [value, options].)
   */
  expectedConsoleErrors: { allow: AllowedConsoleError[] };
  failOnBrowserErrors: void;
  /**
   * Moves this worker's server clock (`/_dev/clock`) and the page's clock to one instant, both
   * running on from there. Call it before the first `page.goto`; the server clock is reset after
   * the test, since the tests of one worker share its server.
   */
  moveClock: (instant: string) => Promise<void>;
}

/**
 * Every test fails on an unexpected `console.error` or uncaught error in the page. That also
 * catches Content-Security-Policy violations, which Chromium reports as console errors.
 */
export const test = base.extend<Fixtures>({
  // Each worker talks to its own server (playwright.config.ts starts one per worker), so tests
  // running at the same time never share a database.
  baseURL: async ({ baseURL }, use, testInfo) => {
    const urls = (process.env.E2E_BASE_URLS ?? '').split(' ').filter(Boolean);
    await use(urls.length > 0 ? urls[testInfo.parallelIndex % urls.length] : baseURL);
  },
  expectedConsoleErrors: [{ allow: [] }, { option: true }],
  failOnBrowserErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        const url = message.location().url;
        const isAllowed = expectedConsoleErrors.allow.some(
          (allowed) => allowed.text.test(text) && (!allowed.url || allowed.url.test(url)),
        );
        if (!isAllowed) problems.push(`console.error: ${text}${url ? ` (${url})` : ''}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await use();
      // A route handler still running when its test ends (a page's background refetch) is not the test's failure.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      expect(problems, 'errors in the browser').toEqual([]);
    },
    { auto: true },
  ],
  moveClock: async ({ page, request }, use) => {
    let isMoved = false;
    let isInstalled = false;
    await use(async (instant) => {
      isMoved = true;
      const response = await request.post('/_dev/clock', { data: { now: instant } });
      expect(response.status(), await response.text()).toBe(200);
      // The page's timers stay fake from the first install; later moves only set its time.
      if (isInstalled) await page.clock.setSystemTime(new Date(instant));
      else await page.clock.install({ time: new Date(instant) });
      isInstalled = true;
    });
    if (isMoved)
      expect(await (await request.delete('/_dev/clock')).json()).toMatchObject({
        success: true,
        result: { is_moved: false },
      });
  },
});

export { expect };

/** The line Chromium logs for a response with status `status` from a URL matching `url`. */
export const httpErrorLine = (status: number, url: RegExp): AllowedConsoleError => ({
  text: new RegExp(`^Failed to load resource: the server responded with a status of ${status} `),
  url,
});

export const allowConsoleErrors = (...allow: AllowedConsoleError[]) => ({ expectedConsoleErrors: { allow } });
