import { developmentMarkersIn } from './built-files.ts';
import { expect, test } from './fixtures.ts';
import { REFETCH_CHUNK, scriptsOfFirstStep } from './first-step-scripts.ts';

/** The app's entry and preloads, which booking-page-start.js adds once the server's page has painted (ADR 0072). */
function appScriptsOf(html: string): { entry: string | undefined; preloaded: string[] } {
  const start = /<script src="\/booking-page-start\.js" data-entry="([^"]+)" data-preload="([^"]*)"><\/script>/.exec(
    html,
  );
  return { entry: start?.[1], preloaded: (start?.[2] ?? '').split(' ').filter(Boolean) };
}

test('the HTML loads scripts only from this server, with no inline script', async ({ request }) => {
  const html = await (await request.get('/bright-smile')).text();
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
  const executable = scripts.filter(([tag]) => !tag.startsWith('<script type="application/json"'));
  // ADR 0072: one blocking script before the first paint, which then adds the app's entry from /assets/.
  expect(executable.map(([tag, body]) => [tag.split(' data-entry')[0], body])).toEqual([
    ['<script src="/booking-page-start.js"', ''],
  ]);
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
  // schemas only once the first step is interactive, for the refetch on mount (ADR 0077).
  expect(beforeInteractive.sort()).toEqual([entry, ...preloaded, '/booking-page-start.js'].sort());
  expect(afterInteractive.filter((script) => !REFETCH_CHUNK.test(script))).toEqual([]);
});

test("the served build is React's production build", () => {
  expect(developmentMarkersIn('dist/web')).toEqual([]);
});
