import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { developmentMarkersIn } from './built-files.ts';
import { allowConsoleErrors, expect, test } from './fixtures.ts';
import { HEADINGS } from './booking-steps.ts';
import { isHeldChunk, QUERY_LIBRARY_CHUNK, scriptsOfFirstStep } from './first-step-scripts.ts';

/**
 * The app's entry and preloads, which the start script (booking-page-start.js, written into the page, ADR 0085)
 * adds once the server's page has painted (ADR 0072).
 */
function appScriptsOf(html: string): { entry: string | undefined; preloaded: string[] } {
  const start = /<script data-entry="([^"]+)" data-preload="([^"]*)">/.exec(html);
  return { entry: start?.[1], preloaded: (start?.[2] ?? '').split(' ').filter(Boolean) };
}

test('the HTML loads scripts only from this server, with one inline script: the start script', async ({ request }) => {
  const response = await request.get('/bright-smile');
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
  const executable = scripts.filter(([tag]) => !tag.startsWith('<script type="application/json"'));
  // ADR 0072: one script before the first paint, which then adds the app's entry from /assets/; written into the
  // page as the built file's exact text, and allowed by its hash (ADR 0085).
  const startScript = readFileSync('dist/web/booking-page-start.js', 'utf8');
  expect(executable.map(([tag, body]) => [tag.split(' data-entry')[0], body])).toEqual([['<script', startScript]]);
  const hash = `'sha256-${createHash('sha256').update(startScript).digest('base64')}'`;
  expect(/script-src ([^;]*)/.exec(response.headers()['content-security-policy'] ?? '')?.[1]).toBe(`'self' ${hash}`);
  expect(appScriptsOf(html).entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);
  // The practice's data for the query cache (ADR 0072): one element that is never executed.
  expect(scripts.length - executable.length).toBe(1);
  // Its styles are in the page (ADR 0077): the first paint waits for no style sheet request.
  expect(html).not.toContain('rel="stylesheet"');
  expect(html).toMatch(/<style>[\s\S]{1000,}<\/style>/);
  // Any other page still loads the app's entry itself.
  const other = await (await request.get('/review/feedback')).text();
  expect(other).toMatch(/<script type="module" crossorigin src="\/assets\/index-[\w-]+\.js"><\/script>/);
});

test('hashed assets are served precompressed', async ({ request }) => {
  const html = await (await request.get('/bright-smile')).text();
  const script = /(?:src|data-entry)="(\/assets\/[\w-]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const brotli = await request.get(script ?? '', { headers: { 'accept-encoding': 'br' } });
  expect(brotli.headers()['content-encoding']).toBe('br');
  const gzip = await request.get(script ?? '', { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
});

test('page 1 needs only the entry script and the chunks it preloads', async ({ page, request }) => {
  const html = await (await request.get('/bright-smile')).text();
  const { entry, preloaded } = appScriptsOf(html);
  expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);

  const { beforeInteractive, afterInteractive } = await scriptsOfFirstStep(page, '/bright-smile');
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  // Later steps, the toast library and the tooltip load only when they are needed; the API client and its
  // schemas only once the first step is interactive, for the refetch on mount (ADR 0077), with the query
  // library that runs it (ADR 0085).
  expect(beforeInteractive.sort()).toEqual([entry, ...preloaded].sort());
  expect(afterInteractive.filter((script) => !isHeldChunk(script))).toEqual([]);
  expect(afterInteractive.filter((script) => QUERY_LIBRARY_CHUNK.test(script))).toHaveLength(2);
});

test("the served build is React's production build", () => {
  expect(developmentMarkersIn('dist/web')).toEqual([]);
});

test.describe('the Content-Security-Policy', () => {
  // Chromium logs each refused script as an error; the refusal is what this test wants to see.
  test.use(allowConsoleErrors({ text: /violates the following Content Security Policy directive/ }));

  test('runs the start script written into the page and refuses any other inline script (ADR 0085)', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const refused: string[] = [];
      (window as unknown as { refused: string[] }).refused = refused;
      document.addEventListener('securitypolicyviolation', (event) => refused.push(event.effectiveDirective));
    });
    await page.goto('/bright-smile');
    await expect(page.getByRole('heading', { level: 2, name: HEADINGS.patientType })).toBeVisible();
    // The start script ran (it sets up the capture of early input, ADR 0074) and nothing was refused.
    expect(await page.evaluate(() => typeof (window as { chairtimeEarlyInput?: unknown }).chairtimeEarlyInput)).toBe(
      'object',
    );
    expect(await page.evaluate(() => (window as unknown as { refused: string[] }).refused)).toEqual([]);

    const injected = await page.evaluate(async () => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true;';
      document.head.appendChild(script);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return { ran: 'injected' in window, refused: (window as unknown as { refused: string[] }).refused };
    });
    expect(injected).toEqual({ ran: false, refused: ['script-src-elem'] });
  });
});
