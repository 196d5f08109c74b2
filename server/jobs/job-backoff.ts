export const RETRY_BASE_MS = 30_000;
export const RETRY_CAP_MS = 60 * 60_000;
/** Up to this fraction is taken off each delay, so jobs that failed together retry apart. */
const JITTER = 0.2;

/**
 * Delay before the next try after failed attempt number `attempt` (1-based): 30 s, 1 min, 2 min,
 * … doubling, at most 1 h, each shortened by up to 20 %. Never longer than the nominal delay, so
 * a test that advances its clock by the nominal delay always finds the job due.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const nominal = Math.min(RETRY_CAP_MS, RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(nominal * (1 - JITTER * random()));
}
