import type { FunnelEventType } from '#domain/insights/funnel-schemas.ts';
import type { DeviceClass, FunnelStep } from '#domain/insights/funnel-words.ts';

/**
 * The booking funnel's first-party events (ADR 0080): kept here and sent to our own server with
 * `navigator.sendBeacon`, at most one request per step (the events so far go when the step changes or
 * the page is hidden). A visit is a random id in session storage, so a reload or the return from the
 * checkout stays one visit and a new tab is another; no cookie, nothing about the patient. Small on
 * purpose: this is page 1's script (ADR 0016).
 */
interface Visit {
  visit_id: string;
  practice_id: string;
  source?: string;
  campaign?: string;
  device: DeviceClass;
}

const queue: { type: FunnelEventType; step?: FunnelStep; at: number; ms: number }[] = [];
let visit: Visit | undefined;
let last = 0;

export function flushFunnel(): void {
  if (visit && queue.length)
    // Absent only where nothing is tracked anyway (jsdom, very old browsers).
    navigator.sendBeacon?.(
      '/api/v1/events',
      new Blob([JSON.stringify({ ...visit, events: queue.splice(0) })], { type: 'application/json' }),
    );
}

/** Starts (or, after a reload in the same tab, resumes) the visit; the first call wins. */
export function startFunnel(practiceId: string): void {
  if (visit) return;
  const search = new URLSearchParams(location.search);
  const width = innerWidth;
  visit = {
    // One visit per practice: a tab that books at two practices makes two visits, never one of two practices.
    visit_id: (sessionStorage[`funnelVisit:${practiceId}`] ??= crypto.randomUUID()) as string,
    practice_id: practiceId,
    source: search.get('utm_source') ?? undefined,
    campaign: search.get('utm_campaign') ?? undefined,
    device: width < 600 ? 'phone' : width < 1024 ? 'tablet' : 'desktop',
  };
  // Time on the first screen counts from the navigation's start.
  last = performance.timeOrigin;
  addEventListener('pagehide', flushFunnel);
  addEventListener('visibilitychange', () => document.hidden && flushFunnel());
}

/** Records an event with the time since the visit's previous one; it goes with the next flush. */
export function funnelEvent(type: FunnelEventType, step?: FunnelStep): void {
  const at = Date.now();
  if (visit) queue.push({ type, step, at, ms: Math.round(at - last) });
  last = at;
}
