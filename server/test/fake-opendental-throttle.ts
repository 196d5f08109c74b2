/**
 * Open Dental's throttle as the stand-in models it (research doc §1.5, ADR 0071): per customer key
 * (per office) one request at a time, execution time included, and at most one start per
 * `minIntervalMs`. A request that breaks either rule is counted as a breach and answered 429 with
 * Retry-After. A request the client abandoned still runs here until it ends (or the gateway's
 * 60 s), and keeps its office busy meanwhile, as at Open Dental.
 */
export interface OfficeThrottle {
  /** Admits a request of `key` starting now: null, or the milliseconds to wait (a breach). */
  admit(key: string, now: number): number | null;
  /** The admitted request of `key` ended. */
  end(key: string): void;
  /** Requests refused for arriving while another ran or too soon after the last start. */
  readonly breaches: { key: string; at: number; reason: 'concurrent' | 'too-soon' }[];
}

export function createOfficeThrottle(options: { minIntervalMs: number }): OfficeThrottle {
  const inFlight = new Map<string, number>();
  const lastStart = new Map<string, number>();
  const breaches: OfficeThrottle['breaches'] = [];
  return {
    breaches,
    admit(key, now) {
      if ((inFlight.get(key) ?? 0) > 0) {
        breaches.push({ key, at: now, reason: 'concurrent' });
        return Math.max(1, options.minIntervalMs);
      }
      const since = now - (lastStart.get(key) ?? -Infinity);
      if (since < options.minIntervalMs) {
        breaches.push({ key, at: now, reason: 'too-soon' });
        return options.minIntervalMs - since;
      }
      lastStart.set(key, now);
      inFlight.set(key, 1);
      return null;
    },
    end(key) {
      inFlight.set(key, 0);
    },
  };
}

/** The customer key of an ODFHIR header ("" when there is none). */
export function customerKeyOf(authorization: string | undefined): string {
  return /^ODFHIR [^/\s]+\/(\S+)$/.exec(authorization ?? '')?.[1] ?? '';
}

/** Open Dental's wall-clock stamp format, "yyyy-MM-dd HH:mm:ss" (the stand-in's server runs on UTC). */
export function odStamp(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Start-to-start gaps and overlaps of one office's requests, for tests asserting "never two in
 * flight, never two starts less than `minIntervalMs` apart".
 */
export function politenessOf(
  requests: readonly { customerKey: string; at: number; endedAt?: number }[],
  customerKey: string,
): { count: number; minGapMs: number; overlaps: number } {
  const mine = requests.filter((r) => r.customerKey === customerKey).sort((a, b) => a.at - b.at);
  let minGapMs = Infinity;
  let overlaps = 0;
  for (let i = 1; i < mine.length; i++) {
    const previous = mine[i - 1]!;
    minGapMs = Math.min(minGapMs, mine[i]!.at - previous.at);
    if (previous.endedAt === undefined || previous.endedAt > mine[i]!.at) overlaps++;
  }
  return { count: mine.length, minGapMs, overlaps };
}
