import { developmentMarkersIn } from './built-files.ts';
import { expect, test } from './fixtures.ts';

test('the HTML loads scripts only from this server, with no inline script', async ({ request }) => {
  const html = await (await request.get('/bright-smile')).text();
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
  const executable = scripts.filter(([tag]) => !tag.startsWith('<script type="application/json"'));
  expect(executable.map(([tag]) => tag.replace(/index-[\w-]+\.js/, 'index-[hash].js'))).toEqual([
    '<script type="module" crossorigin src="/assets/index-[hash].js"></script>',
    // ADR 0072: the blocking guard that hides the server's first step while a stored booking may replace it.
    '<script src="/booking-restore.js"></script>',
  ]);
  // The practice's data for the query cache (ADR 0072): one element that is never executed.
  expect(scripts.length - executable.length).toBe(1);
});

test('hashed assets are served precompressed', async ({ request }) => {
  const html = await (await request.get('/bright-smile')).text();
  const script = /src="(\/assets\/[\w-]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const brotli = await request.get(script ?? '', { headers: { 'accept-encoding': 'br' } });
  expect(brotli.headers()['content-encoding']).toBe('br');
  const gzip = await request.get(script ?? '', { headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers()['content-encoding']).toBe('gzip');
});

test('page 1 needs only the entry script and the chunks it preloads', async ({ page, request }) => {
  const html = await (await request.get('/bright-smile')).text();
  const entry = /<script type="module" crossorigin src="(\/assets\/[\w-]+\.js)">/.exec(html)?.[1];
  const preloaded = [...html.matchAll(/<link rel="modulepreload" crossorigin href="(\/assets\/[\w-]+\.js)">/g)].map(
    (m) => m[1],
  );
  expect(entry).toMatch(/^\/assets\/index-[\w-]+\.js$/);

  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/bright-smile');
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Later steps, the toast library and the tooltip load only when they are needed.
  expect(scripts.sort()).toEqual([entry, ...preloaded, '/booking-restore.js'].sort());
});

test("the served build is React's production build", () => {
  expect(developmentMarkersIn('dist/web')).toEqual([]);
});
