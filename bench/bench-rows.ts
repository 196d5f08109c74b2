import type { BookingBenchResult } from './booking-bench.ts';
import type { DemoServerResults } from './demo-server-bench.ts';
import type { HtmlAnswerResult } from './html-answer-bench.ts';
import type { EngineBenchResult } from './engine-bench.ts';
import { SLOT_ADVANCE_DELAY_MS } from './interaction-bench.ts';
import { MEMORY_GROWTH_LIMIT_MB } from './memory-bench.ts';
import { isWithinBudget, PAGE_WEIGHT_BUDGET } from './page-weight-bench.ts';
import type { LoadFigures, SlotsBenchResult } from './slots-bench.ts';
import { kb, ms, percentOf, times, triple, type Row } from './bench-table.ts';

/** The bench's budgets (ADR 0022), each figure with its same-run baseline. */

/** ADR 0072: a server-rendered page paints close to a static page of the same server. */
const LCP_TIMES_BASELINE = 1.6;
const TBT_BUDGET_MS = 100;

/** ADR 0072: the booking page's HTML answers about as fast as the server's static file. */
function htmlAnswerRow(r: HtmlAnswerResult): Row {
  return {
    figure: `HTML answer /bright-smile (server-rendered), ${r.requests} one at a time (p50 / p95)`,
    value:
      `${ms(r.bookingPage.p50, 1)} / ${ms(r.bookingPage.p95, 1)}; ` +
      `p95 = ${times(r.bookingPage.p95, r.staticFile.p95)} static /terms.html ` +
      `(${ms(r.staticFile.p50, 1)} / ${ms(r.staticFile.p95, 1)})`,
    budget: 'p95 <= 1.5× static + 1 ms',
    ok: r.bookingPage.p95 <= 1.5 * r.staticFile.p95 + 1,
  };
}

export function engineRows({ engine, reference }: EngineBenchResult): Row[] {
  return [
    {
      figure: 'slot engine, 31 days (p50 / p95)',
      value:
        `${ms(engine.p50)} / ${ms(engine.p95)}; ` +
        `p50 = ${times(engine.p50, reference.p50)} a reference sort (${ms(reference.p50)})`,
      budget: 'p50 < 5 ms',
      ok: engine.p50 < 5,
    },
  ];
}

export function slotsRows(r: SlotsBenchResult): Row[] {
  const { sequential: seq, concurrent: c } = r;
  const at = `${c.connections} connections`;
  const perSecond = (f: LoadFigures) => f.requestsPerSecond.toFixed(0);
  const ofTrivial = (f: LoadFigures) =>
    `${perSecond(f)} = ${percentOf(f.requestsPerSecond, c.trivial.requestsPerSecond)} of trivial`;
  const p95 = (f: LoadFigures) => `p95 = ${times(f.latency.p95, c.trivial.latency.p95)} trivial`;
  return [
    {
      figure: `slots uncached on ${r.database}, one request at a time (p50 / p95 / p99)`,
      value:
        `${triple(seq.uncached)}; ` +
        `p95 = ${times(seq.uncached.p95, seq.trivial.p95)} trivial (${ms(seq.trivial.p95)})`,
      budget: 'p95 <= 25 ms',
      ok: seq.uncached.p95 <= 25,
    },
    {
      figure: `slots uncached on ${r.database}, ${at} (req/s; p50 / p95 / p99)`,
      value: `${ofTrivial(c.uncached)}; ${triple(c.uncached.latency, 1)}, ${p95(c.uncached)}`,
      budget: 'none (queueing on 2 cores)',
      ok: null,
    },
    {
      figure: `slots cached on ${r.database}, ${at} (req/s; p50 / p95 / p99)`,
      value:
        `${ofTrivial(c.cached)} (${perSecond(c.trivial)}); ${triple(c.cached.latency, 1)}, ` +
        `${p95(c.cached)} (${ms(c.trivial.latency.p95, 1)})`,
      budget: 'req/s >= 50% of trivial',
      ok: c.cached.requestsPerSecond >= 0.5 * c.trivial.requestsPerSecond,
    },
  ];
}

export function bookingRows(r: BookingBenchResult): Row[] {
  return [
    {
      figure: `booking creation on ${r.database}, ${r.bookings} at ${r.concurrency} concurrent (p50 / p95 / p99)`,
      value:
        `${triple(r.latency, 1)}, p95 = ${times(r.latency.p95, r.trivial.p95)} trivial POST ` +
        `(${ms(r.trivial.p95, 1)}); ${r.errors} errors`,
      budget: 'no errors',
      ok: r.errors === 0,
      isFailureCount: true,
    },
    {
      figure:
        `reschedule from the manage link on ${r.database}, ` +
        `${r.reschedules} at ${r.concurrency} concurrent (p50 / p95 / p99)`,
      value:
        `${triple(r.rescheduleLatency, 1)}, ` +
        `p95 = ${times(r.rescheduleLatency.p95, r.trivial.p95)} trivial POST; ${r.rescheduleErrors} errors`,
      budget: 'no errors',
      ok: r.rescheduleErrors === 0,
      isFailureCount: true,
    },
  ];
}

export function demoServerRows({
  weights,
  lighthouse,
  lighthouseBaseline: base,
  interaction: i,
  memory,
  htmlAnswer,
}: DemoServerResults): Row[] {
  const rows: Row[] = [];
  for (const w of weights) {
    const isBookingPage = w.page === '/bright-smile';
    const all = `all <= ${kb(PAGE_WEIGHT_BUDGET.totalBytes)}`;
    rows.push({
      figure: `page weight ${w.page} (JS / CSS / HTML, compressed)`,
      value: `${kb(w.scriptBytes)} / ${kb(w.styleBytes)} / ${kb(w.htmlBytes)} = ${kb(w.totalBytes)}`,
      budget: isBookingPage ? `JS <= ${kb(PAGE_WEIGHT_BUDGET.bookingScriptBytes)}, ${all}` : all,
      ok: isWithinBudget(w, isBookingPage),
    });
  }
  const retried = (a: { discarded: string[] }) =>
    a.discarded.length > 0
      ? `; ${a.discarded.length} failed run(s) retried (${a.discarded.map((d) => d.split(':')[0]).join(', ')})`
      : '';
  for (const a of lighthouse) {
    rows.push({
      figure: `Lighthouse ${a.page} (perf / a11y / best practices / SEO)`,
      value:
        `${a.performance} / ${a.accessibility} / ${a.bestPractices} / ${a.seo}` +
        `${a.seoFailures.length > 0 ? ` (SEO failed: ${a.seoFailures.join(', ')})` : ''}; ` +
        `LCP ${ms(a.lcpMs, 0)} = ${times(a.lcpMs, base.lcpMs)} baseline, ` +
        `TBT ${ms(a.tbtMs, 0)} (baseline ${ms(base.tbtMs, 0)}), CLS ${a.cls.toFixed(3)}${retried(a)}`,
      budget: `>= 99 / 100 / 95 / 95; LCP <= ${LCP_TIMES_BASELINE}× baseline; TBT <= ${TBT_BUDGET_MS} ms`,
      ok:
        a.performance >= 99 &&
        a.accessibility === 100 &&
        a.bestPractices >= 95 &&
        a.seo >= 95 &&
        a.lcpMs <= LCP_TIMES_BASELINE * base.lcpMs &&
        a.tbtMs <= TBT_BUDGET_MS,
    });
  }
  rows.push(htmlAnswerRow(htmlAnswer));
  rows.push({
    figure: `Lighthouse ${base.page} (perf; LCP / TBT)`,
    value: `${base.performance}; ${ms(base.lcpMs, 0)} / ${ms(base.tbtMs, 0)}${retried(base)}`,
    budget: 'none (the baseline)',
    ok: null,
  });
  rows.push({
    figure: `interaction: day chosen -> its times painted (median of ${i.runs})`,
    value:
      `${ms(i.dayToSlotsMs, 1)} = ${times(i.dayToSlotsMs, i.clickToPaintMs)} ` +
      `a bare click-to-paint (${ms(i.clickToPaintMs, 1)})`,
    budget: '<= 300 ms',
    ok: i.dayToSlotsMs <= 300,
  });
  rows.push({
    figure: `interaction: time chosen -> page 5 painted (median of ${i.runs})`,
    value:
      `${ms(i.slotToContactMs, 1)} = ${SLOT_ADVANCE_DELAY_MS} ms spec pause + ${ms(i.slotToContactWorkMs, 1)} ` +
      `(${times(i.slotToContactWorkMs, i.clickToPaintMs)} click-to-paint)`,
    budget: `<= 300 ms beyond the pause`,
    ok: i.slotToContactWorkMs <= 300,
  });
  rows.push({
    figure: 'server memory (after start; floor of 1st / 2nd minute of load; peak)',
    value:
      `${memory.afterStartMb.toFixed(0)}; ` +
      `${memory.firstMinuteFloorMb.toFixed(0)} / ${memory.secondMinuteFloorMb.toFixed(0)}; ` +
      `${memory.peakMb.toFixed(0)} MB`,
    budget: `floor growth <= ${MEMORY_GROWTH_LIMIT_MB} MB`,
    ok: memory.growthMb <= MEMORY_GROWTH_LIMIT_MB,
  });
  return rows;
}
