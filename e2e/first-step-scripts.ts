import { statSync } from 'node:fs';
import type { Page, Route } from '@playwright/test';
import { expect } from './fixtures.ts';

/**
 * The chunks the first step's refetch on mount brings (ADR 0077): its request, the API client and
 * the schemas its answer is parsed with. The entry imports them only when a query fetches.
 */
export const REFETCH_CHUNK = /^\/assets\/(practice-form-api|practice-schemas|api-client|zod)-[\w-]+\.js$/;

/**
 * What the first step loads once it has hydrated (ADR 0085): the query library, which then refetches. Held
 * back with the refetch's chunks, so a first step that needed it to hydrate would time out.
 */
export const QUERY_LIBRARY_CHUNK = /^\/assets\/(query-library|query-client)-[\w-]+\.js$/;
/** A chunk the first step loads only once it has hydrated: the query library and the refetch's. */
export const isHeldChunk = (script: string) => REFETCH_CHUNK.test(script) || QUERY_LIBRARY_CHUNK.test(script);

export interface FirstStepScripts {
  /** What the page fetched until its first step was hydrated, the refetch's chunks held back meanwhile. */
  beforeInteractive: string[];
  /** The rest, until the network is idle. */
  afterInteractive: string[];
}

/** Every button of the server's markup has been hydrated: React marks each element it has hydrated with its props. */
function isFirstStepHydrated(): boolean {
  const buttons = [...document.querySelectorAll('#root button')];
  return (
    buttons.length > 0 && buttons.every((button) => Object.keys(button).some((key) => key.startsWith('__reactProps$')))
  );
}

/**
 * Opens `path` with the refetch's chunks held back until the first step is hydrated, so that what
 * the page fetched until then is what it needs to be interactive (a page that needed a held chunk
 * would never hydrate and the test would time out); then lets them through, waits for the refetch
 * of the practice's form (spec section 7) and for the network to go quiet.
 */
export async function scriptsOfFirstStep(page: Page, path: string): Promise<FirstStepScripts> {
  const before = new Set<string>();
  const after = new Set<string>();
  const held: Route[] = [];
  let isInteractive = false;
  const network = trackQuiet(page);
  await page.route('**/assets/*.js', async (route) => {
    if (!isInteractive && isHeldChunk(new URL(route.request().url()).pathname)) held.push(route);
    else await route.continue();
  });
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    const script = new URL(request.url()).pathname;
    (isInteractive || isHeldChunk(script) ? after : before).add(script);
  });
  await page.goto(path);
  await expect.poll(() => page.evaluate(isFirstStepHydrated)).toBe(true);
  isInteractive = true;
  // Only the query library, once here, refetches: no form answer can come before the held chunks go.
  const refetched = page.waitForResponse((response) => new URL(response.url()).pathname.startsWith('/api/v1/form/'));
  await Promise.all(held.map((route) => route.continue()));
  await refetched;
  await network.quiet();
  return { beforeInteractive: [...before], afterInteractive: [...after] };
}

const QUIET_MS = 500;

/**
 * Resolves `quiet()` once no request of `page` has been in flight for 500 ms. Playwright's own "networkidle" is
 * an event of the page's load, fired once: on a busy machine it may fire while the page hydrates, before the
 * chunks loaded after hydration are even asked for, and then waiting for it waits for nothing.
 */
function trackQuiet(page: Page): { quiet(): Promise<void> } {
  let inFlight = 0;
  let lastChange = Date.now();
  const change = (by: number) => {
    inFlight += by;
    lastChange = Date.now();
  };
  page.on('request', () => change(1));
  page.on('requestfinished', () => change(-1));
  page.on('requestfailed', () => change(-1));
  return {
    quiet: () =>
      expect.poll(() => inFlight === 0 && Date.now() - lastChange >= QUIET_MS, { intervals: [100] }).toBe(true),
  };
}

/** Each script's size as the precompressed `.gz` file the server sends (KB = 1000 bytes, as Vite reports). */
export function gzipSizes(scripts: string[]): { total: number; sizes: { script: string; gzipBytes: number }[] } {
  const sizes = scripts.map((script) => ({ script, gzipBytes: statSync(`dist/web${script}.gz`).size }));
  return { total: sizes.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0), sizes };
}
