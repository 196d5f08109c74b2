import type { Page } from '@playwright/test';
import { launchChromium } from './bench-chromium.ts';

export interface PageWeight {
  page: string;
  scriptBytes: number;
  styleBytes: number;
  htmlBytes: number;
  totalBytes: number;
  requests: number;
}

/** The page-weight budgets (ADR 0022), also checked by e2e/bundle-budget.spec.ts. KB = 1000 bytes. */
export const PAGE_WEIGHT_BUDGET = { bookingScriptBytes: 120_000, totalBytes: 160_000 } as const;

/** The pages the budget is about; `review` and `feedback` need a fresh review request's link and id. */
export const weighedPages = (review: { path: string; requestId: string }) => [
  { page: '/bright-smile', path: '/bright-smile', ready: 'Please select patient type', isBookingPage: true },
  { page: 'review page', path: review.path, ready: 'Thank you for choosing us', isBookingPage: false },
  {
    page: 'feedback page',
    path: `/review/feedback?requestId=${review.requestId}`,
    ready: 'Feedback Form',
    isBookingPage: false,
  },
];

export const isWithinBudget = (weight: PageWeight, isBookingPage: boolean) =>
  weight.totalBytes <= PAGE_WEIGHT_BUDGET.totalBytes &&
  (!isBookingPage || weight.scriptBytes <= PAGE_WEIGHT_BUDGET.bookingScriptBytes);

/**
 * Compressed bytes the browser really receives (the encoded body sizes of the document, scripts
 * and stylesheets) to show a page, until its `ready` heading is shown and the network is idle, so
 * a chunk loaded early "just in case" counts too.
 */
export async function weighPage(page: Page, url: string, name: string, ready: string): Promise<PageWeight> {
  const pending: Promise<{ type: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    pending.push(request.sizes().then((sizes) => ({ type: request.resourceType(), bytes: sizes.responseBodySize })));
  });
  await page.goto(url);
  await page.getByRole('heading', { name: ready }).first().waitFor();
  await page.waitForLoadState('networkidle');
  const seen = await Promise.all(pending);
  const sum = (type: string) => seen.filter((r) => r.type === type).reduce((total, r) => total + r.bytes, 0);
  const weight = {
    page: name,
    scriptBytes: sum('script'),
    styleBytes: sum('stylesheet'),
    htmlBytes: sum('document'),
    totalBytes: 0,
    requests: seen.length,
  };
  weight.totalBytes = weight.scriptBytes + weight.styleBytes + weight.htmlBytes;
  return weight;
}

/** Each page in a fresh browser context (nothing cached). */
export async function measurePageWeights(
  base: string,
  pages: { page: string; path: string; ready: string }[],
): Promise<PageWeight[]> {
  const browser = await launchChromium();
  try {
    const results: PageWeight[] = [];
    for (const { page: name, path, ready } of pages) {
      const context = await browser.newContext();
      results.push(await weighPage(await context.newPage(), `${base}${path}`, name, ready));
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
