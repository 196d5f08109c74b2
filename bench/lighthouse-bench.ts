import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './bench-chromium.ts';
import { median } from './measure.ts';
import { scoreWithout } from './lighthouse-score.ts';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** SEO audits that failed, its exempt ones left out. */
  seoFailures: string[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

export interface LighthouseResult extends LighthouseScores {
  page: string;
  /** Runs thrown away because Lighthouse could not measure the page, with its reason. */
  discarded: string[];
}

const FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const METRICS = {
  lcpMs: 'largest-contentful-paint',
  tbtMs: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
} as const;

/**
 * One Lighthouse run, or the reason it measured nothing. A run that ends in a runtime error (a
 * trace without a paint, a page that did not settle) still gets category scores, 0 for
 * performance, and no metrics: counted, it would drag the median and print NaN.
 */
async function auditOnce(url: string, port: number, seoExempt: readonly string[]): Promise<LighthouseScores | string> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const lhr = result?.lhr;
  if (!lhr) return 'no result';
  if (lhr.runtimeError) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const metric = (id: string) => lhr.audits[id]?.numericValue;
  const missing = Object.values(METRICS).filter((id) => typeof metric(id) !== 'number');
  if (missing.length > 0)
    return `no ${missing.join(', ')} (${missing.map((id) => lhr.audits[id]?.errorMessage ?? 'no value').join('; ')})`;
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const seo = scoreWithout(lhr, 'seo', seoExempt);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: seo.score,
    seoFailures: seo.failures,
    lcpMs: metric(METRICS.lcpMs)!,
    tbtMs: metric(METRICS.tbtMs)!,
    cls: metric(METRICS.cls)!,
  };
}

/** Lighthouse (mobile settings, its default) on each page: medians of `runs` runs that measured the page. */
export async function benchLighthouse(
  pages: { page: string; url: string; seoExempt?: readonly string[] }[],
  runs = 3,
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: FLAGS });
  try {
    const results: LighthouseResult[] = [];
    for (const { page, url, seoExempt = [] } of pages) {
      const samples: LighthouseScores[] = [];
      const discarded: string[] = [];
      // A few failed runs are retried; more than that is a broken page, not bad luck.
      while (samples.length < runs && discarded.length <= runs) {
        const outcome = await auditOnce(url, chrome.port, seoExempt);
        if (typeof outcome === 'string') discarded.push(outcome);
        else samples.push(outcome);
      }
      if (samples.length < runs) throw new Error(`Lighthouse could not measure ${url}:\n  ${discarded.join('\n  ')}`);
      const mid = (key: Exclude<keyof LighthouseScores, 'seoFailures'>) => median(samples.map((s) => s[key]));
      results.push({
        page,
        performance: mid('performance'),
        accessibility: mid('accessibility'),
        bestPractices: mid('bestPractices'),
        seo: mid('seo'),
        seoFailures: [...new Set(samples.flatMap((s) => s.seoFailures))],
        lcpMs: mid('lcpMs'),
        tbtMs: mid('tbtMs'),
        cls: mid('cls'),
        discarded,
      });
    }
    return results;
  } finally {
    chrome.kill();
  }
}
