import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { FIXTURE_WEB_DIR, testConfig, withTestApp } from '../test/test-app.ts';
import { referencedFiles } from './spa-routes.ts';
import { importDemoPracticesIfEmpty } from '../features/practices/demo-practices.ts';

const ctx = withTestApp({
  seed: async (db) => {
    await importDemoPracticesIfEmpty(db);
    await db.query(`update practices set description = null where form_url = 'closed-dental'`);
    await db.query(`update practices set name = 'Smile <&> "Group"' where form_url = 'smile-group'`);
  },
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

describe('the practice page HTML', () => {
  it('carries the practice title and description before any script runs', async () => {
    const [practice] = await ctx.db.query<{ name: string; description: string }>(
      `select name, description from practices where form_url = 'bright-smile'`,
    );
    const response = await get('/bright-smile');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain(`<title>Book appointment with ${practice!.name} - Chairtime</title>`);
    expect(response.body).toContain(`<meta name="description" content="${practice!.description}" />`);
  });

  it('falls back to the default description', async () => {
    const response = await get('/closed-dental');
    expect(response.body).toContain(
      '<meta name="description" content="Book an appointment with top dentists near you." />',
    );
  });

  it('escapes the practice name in the HTML', async () => {
    const response = await get('/smile-group?clinic_num=1');
    expect(response.body).toContain(
      '<title>Book appointment with Smile &lt;&amp;&gt; &quot;Group&quot; - Chairtime</title>',
    );
  });

  it.each(['/bright-smile/payment-success', '/bright-smile/payment-failed', '/review/abc', '/review/feedback'])(
    'serves the app at %s',
    async (url) => {
      expect((await get(url)).statusCode).toBe(200);
    },
  );

  // The payment results carry a checkout's id and are rendered per request (ADR 0072): private too.
  it.each([
    `/bright-smile/appointment/${'A'.repeat(32)}`,
    `/unsubscribe/${'A'.repeat(32)}`,
    '/bright-smile/payment-success?session_id=cs_test',
    '/bright-smile/payment-failed',
  ])("serves a patient's private page %s unindexed, uncached and without a referrer", async (url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['cache-control']).toBe('no-store');
    expect((await get('/bright-smile')).headers['referrer-policy']).not.toBe('no-referrer');
  });

  it.each(['/console', '/console/', `/console/set-password/${'A'.repeat(43)}`, '/console/forgot-password'])(
    'serves the staff console at %s unindexed, uncached and without a referrer',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cache-control']).toBe('no-store');
    },
  );

  it('answers a path with broken percent-encoding with a 400', async () => {
    expect((await get('/%E0%A4%A')).statusCode).toBe(400);
  });

  it.each(['/no-such-practice', '/a/b/c', '/bright-smile/other'])(
    'serves the app with status 404 at %s',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<div id="root">');
    },
  );
});

describe('API paths', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const response = await get('/api/v1/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('answers a malformed JSON body with a 400, not a 500', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/nothing-here',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json().success).toBe(false);
  });
});

describe('headers and assets', () => {
  it('sends a Content-Security-Policy that allows scripts only from this origin', async () => {
    const response = await get('/bright-smile');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*(unsafe-inline|unsafe-eval|\*)/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves hashed assets with a long, immutable cache lifetime', async () => {
    const response = await get('/assets/app-test.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toContain('max-age=31536000');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('compresses API responses for clients that accept it', async () => {
    const form = (await get('/api/v1/form/bright-smile')).json();
    const response = await get(`/api/v1/reason-for-visit?practice_id=${form.result.id}`, {
      'accept-encoding': 'br, gzip',
    });
    expect(response.statusCode).toBe(200);
    expect(['br', 'gzip']).toContain(response.headers['content-encoding']);
  });
});

describe('a rebuild of the web app while the server runs', () => {
  it('leaves the server serving the index it started with, and every file that index loads', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'spa-rebuild-'));
    cpSync(FIXTURE_WEB_DIR, webDir, { recursive: true });
    const own = await buildApp({ config: testConfig(), db: ctx.db, logger: false, webDir });
    try {
      const before = await own.inject({ method: 'GET', url: '/bright-smile' });
      expect(referencedFiles(before.body)).toEqual(['assets/app-test.js']);

      // What `vite build` does: empty the folder, then write new hashed files and a new index.
      rmSync(webDir, { recursive: true, force: true });
      mkdirSync(join(webDir, 'assets'), { recursive: true });
      writeFileSync(join(webDir, 'assets', 'app-next.js'), 'export {};');
      writeFileSync(
        join(webDir, 'index.html'),
        '<!doctype html><html><head><title>x</title><script type="module" ' +
          'src="/assets/app-next.js"></script></head><body><div id="root"></div></body></html>',
      );

      const after = await own.inject({ method: 'GET', url: '/bright-smile' });
      expect(after.statusCode).toBe(200);
      const files = referencedFiles(after.body);
      expect(files).toEqual(['assets/app-test.js']);
      for (const file of files)
        expect((await own.inject({ method: 'GET', url: `/${file}` })).statusCode, file).toBe(200);
    } finally {
      await own.close();
      rmSync(webDir, { recursive: true, force: true });
    }
  });

  it('removes its copy of the built files when it closes', async () => {
    const webDir = mkdtempSync(join(tmpdir(), 'spa-copy-'));
    cpSync(FIXTURE_WEB_DIR, webDir, { recursive: true });
    const marker = `marker-${process.pid}-${Date.now()}.txt`;
    writeFileSync(join(webDir, marker), '');
    const copies = () =>
      readdirSync(tmpdir()).filter(
        (name) => name.startsWith('chairtime-web-') && existsSync(join(tmpdir(), name, marker)),
      );
    const own = await buildApp({ config: testConfig(), db: ctx.db, logger: false, webDir });
    try {
      expect(copies()).toHaveLength(1);
    } finally {
      await own.close();
      rmSync(webDir, { recursive: true, force: true });
    }
    expect(copies()).toEqual([]);
  });
});
