import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerProcess } from '#server/test/server-process.ts';
import { benchHtmlAnswer, type HtmlAnswerResult } from './html-answer-bench.ts';
import { benchInteraction, type InteractionResult } from './interaction-bench.ts';
import { benchLighthouse, type LighthouseResult } from './lighthouse-bench.ts';
import { benchMemory, type MemoryResult } from './memory-bench.ts';
import { measurePageWeights, weighedPages, type PageWeight } from './page-weight-bench.ts';
import { slotsPath } from './slots-path.ts';

export interface DemoServerResults {
  weights: PageWeight[];
  lighthouse: LighthouseResult[];
  /** Lighthouse on the cheapest page the server has (static terms.html): the baseline for LCP and TBT. */
  lighthouseBaseline: LighthouseResult;
  interaction: InteractionResult;
  memory: MemoryResult;
  /** The booking page's HTML (server-rendered, ADR 0072) against the static terms.html. */
  htmlAnswer: HtmlAnswerResult;
}

const ADMIN_KEY = 'bench-admin-key-0123456789abcdef';

/** The real server process (`server/main.ts`) on the demo practices and the built SPA. */
export async function benchDemoServer(options: {
  memorySeconds: number;
  interactionRuns: number;
  lighthouseRuns: number;
}): Promise<DemoServerResults> {
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-'));
  const server = await startServerProcess({ DATA_DIR: dataDir, ADMIN_API_KEY: ADMIN_KEY, LOG_LEVEL: 'error' });
  try {
    const form = (await (await fetch(`${server.base}/api/v1/form/bright-smile`)).json()).result;
    // A fresh review link per page that opens it: the page-weight visit and the audits each get their own.
    const reviewPath = async () => {
      const created = await fetch(`${server.base}/api/v1/admin/review-requests`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ form_url: 'bright-smile', patient_first_name: 'Bench', patient_last_name: 'Patient' }),
      });
      const { result } = await created.json();
      return { path: new URL(result.review_url).pathname, requestId: result.request_id as string };
    };
    const review = await reviewPath();
    const weights = await measurePageWeights(server.base, weighedPages(review));
    const htmlAnswer = await benchHtmlAnswer(server.base);
    const [lighthouseBaseline, ...lighthouse] = await benchLighthouse(
      [
        { page: 'baseline /terms.html', url: `${server.base}/terms.html` },
        { page: '/bright-smile', url: `${server.base}/bright-smile` },
        // Its address is a key: served noindex on purpose (ADR 0072).
        { page: 'review page', url: `${server.base}${(await reviewPath()).path}`, seoExempt: ['is-crawlable'] },
      ],
      options.lighthouseRuns,
    );
    const interaction = await benchInteraction(server.base, options.interactionRuns);
    const reasons = (await (await fetch(`${server.base}/api/v1/reason-for-visit?practice_id=${form.id}`)).json())
      .result;
    const today = new Date().toISOString().slice(0, 10);
    const monthAhead = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const memory = await benchMemory(
      server.base,
      server.child.pid!,
      [
        '/api/v1/form/bright-smile',
        `/api/v1/reason-for-visit?practice_id=${form.id}`,
        slotsPath({ practiceId: form.id, reasonId: reasons[0].id, startDate: today, endDate: monthAhead }),
        '/api/v1/health',
        '/bright-smile',
      ],
      options.memorySeconds,
    );
    return { weights, lighthouse, lighthouseBaseline: lighthouseBaseline!, interaction, memory, htmlAnswer };
  } finally {
    await server.kill('SIGTERM');
    await rm(dataDir, { recursive: true, force: true });
  }
}
