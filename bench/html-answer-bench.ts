import { summarise, type LatencySummary } from './measure.ts';

export interface HtmlAnswerResult {
  /** The booking page, rendered on the server (ADR 0072) and kept a few seconds. */
  bookingPage: LatencySummary;
  /** The same server's static file, the physical limit: the baseline. */
  staticFile: LatencySummary;
  requests: number;
}

async function timeGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

/**
 * The HTML answer's time, one request at a time, the booking page and the static baseline in
 * turn (so a neighbour's load falls on both), for longer than the page cache keeps a page: the
 * renders after each expiry are in the figures.
 */
export async function benchHtmlAnswer(base: string, requests = 400): Promise<HtmlAnswerResult> {
  const booking = `${base}/bright-smile`;
  const terms = `${base}/terms.html`;
  for (let i = 0; i < 20; i++) await Promise.all([timeGet(booking), timeGet(terms)]);
  const samples = { booking: [] as number[], terms: [] as number[] };
  for (let i = 0; i < requests; i++) {
    samples.booking.push(await timeGet(booking));
    samples.terms.push(await timeGet(terms));
    // About 8 s in all: past one expiry of the 5 s cache.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { bookingPage: summarise(samples.booking), staticFile: summarise(samples.terms), requests };
}
