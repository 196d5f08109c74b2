import { expect, test } from './fixtures.ts';

test('the HTML loads scripts only from /assets/, with no inline script', async ({ request }) => {
  const html = await (await request.get('/bright-smile')).text();
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)];
  expect(scripts.length).toBeGreaterThan(0);
  for (const [tag, body] of scripts) {
    expect(tag).toMatch(/^<script type="module" crossorigin src="\/assets\/[\w-]+\.js">/);
    expect(body?.trim()).toBe('');
  }
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

test('the booking form fetches no lazily loaded page code', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/bright-smile');
  await expect(page.getByRole('heading', { level: 2 })).toBeVisible();
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
});
