import { chromium } from '@playwright/test';

export interface PageWeight {
  page: string;
  scriptBytes: number;
  styleBytes: number;
  htmlBytes: number;
  totalBytes: number;
  requests: number;
}

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

/**
 * Compressed bytes the browser really receives (the encoded body sizes of the document, scripts
 * and stylesheets) to show each page, until the network is idle. KB = 1000 bytes.
 */
export async function measurePageWeights(base: string, paths: { page: string; path: string; ready: string }[]): Promise<PageWeight[]> {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const results: PageWeight[] = [];
    for (const { page: name, path, ready } of paths) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const pending: Promise<{ type: string; bytes: number }>[] = [];
      page.on('requestfinished', (request) => {
        pending.push(request.sizes().then((sizes) => ({ type: request.resourceType(), bytes: sizes.responseBodySize })));
      });
      await page.goto(`${base}${path}`);
      await page.getByRole('heading', { name: ready }).first().waitFor();
      await page.waitForLoadState('networkidle');
      const seen = await Promise.all(pending);
      const sum = (type: string) => seen.filter((r) => r.type === type).reduce((total, r) => total + r.bytes, 0);
      const weight = { page: name, scriptBytes: sum('script'), styleBytes: sum('stylesheet'), htmlBytes: sum('document'), totalBytes: 0, requests: seen.length };
      weight.totalBytes = weight.scriptBytes + weight.styleBytes + weight.htmlBytes;
      results.push(weight);
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
