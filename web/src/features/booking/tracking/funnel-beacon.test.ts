import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as BeaconModule from './funnel-beacon.ts';

/** The funnel's beacon (ADR 0080): what a visit sends, and when. */
const PRACTICE = '6a1f2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
type Beacon = typeof BeaconModule;
let sent: { url: string; body: Record<string, unknown> }[];
let beacon: Beacon;

async function bodyOf(data: Blob): Promise<Record<string, unknown>> {
  expect(data.type).toBe('application/json');
  // jsdom's Blob has no text(); its FileReader reads it.
  const text = await new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.readAsText(data);
  });
  return JSON.parse(text) as Record<string, unknown>;
}

beforeEach(async () => {
  sent = [];
  const pending: Promise<void>[] = [];
  vi.stubGlobal('navigator', {
    ...navigator,
    sendBeacon: (url: string, data: Blob) => {
      pending.push(bodyOf(data).then((body) => void sent.push({ url, body })));
      return true;
    },
  });
  (globalThis as { settle?: () => Promise<unknown> }).settle = () => Promise.all(pending);
  sessionStorage.clear();
  window.history.replaceState(null, '', '/test-practice?utm_source=news&utm_campaign=spring&email=a@b.c');
  vi.resetModules();
  beacon = await import('./funnel-beacon.ts');
});
afterEach(() => vi.unstubAllGlobals());
const settle = () => (globalThis as unknown as { settle: () => Promise<unknown> }).settle();

describe('the funnel beacon', () => {
  it('sends nothing until flushed, then one batch with the visit, its tracking values and device class', async () => {
    beacon.startFunnel(PRACTICE);
    beacon.funnelEvent('page_shown', 'patient-type');
    beacon.funnelEvent('step_reached', 'reason');
    await settle();
    expect(sent).toEqual([]);
    beacon.flushFunnel();
    await settle();
    expect(sent).toHaveLength(1);
    const { url, body } = sent[0]!;
    expect(url).toBe('/api/v1/events');
    expect(body).toMatchObject({
      practice_id: PRACTICE,
      source: 'news',
      campaign: 'spring',
      device: expect.stringMatching(/^(phone|tablet|desktop)$/),
      events: [
        { type: 'page_shown', step: 'patient-type', at: expect.any(Number), ms: expect.any(Number) },
        { type: 'step_reached', step: 'reason', at: expect.any(Number), ms: expect.any(Number) },
      ],
    });
    expect(body.visit_id).toMatch(/^[0-9a-f-]{36}$/);
    // Only the visit's own fields: the page's other query parameters are not sent.
    expect(Object.keys(body).sort()).toEqual(['campaign', 'device', 'events', 'practice_id', 'source', 'visit_id']);
    beacon.flushFunnel();
    await settle();
    expect(sent).toHaveLength(1);
  });

  it('makes another visit for another practice in the same tab (the server refuses one visit of two)', async () => {
    beacon.startFunnel(PRACTICE);
    beacon.funnelEvent('page_shown', 'patient-type');
    beacon.flushFunnel();
    vi.resetModules();
    const other: Beacon = await import('./funnel-beacon.ts');
    other.startFunnel('another-practice');
    other.funnelEvent('page_shown', 'patient-type');
    other.flushFunnel();
    await settle();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.body.practice_id).toBe('another-practice');
    expect(sent[1]!.body.visit_id).not.toBe(sent[0]!.body.visit_id);
  });

  it('flushes when the page is hidden, and keeps the visit id across a reload of the tab', async () => {
    beacon.startFunnel(PRACTICE);
    beacon.funnelEvent('page_shown', 'patient-type');
    window.dispatchEvent(new Event('pagehide'));
    await settle();
    expect(sent).toHaveLength(1);
    const first = sent[0]!.body.visit_id;
    vi.resetModules();
    const reloaded: Beacon = await import('./funnel-beacon.ts');
    reloaded.startFunnel(PRACTICE);
    reloaded.funnelEvent('booked', 'booked');
    reloaded.flushFunnel();
    await settle();
    expect(sent.at(-1)!.body.visit_id).toBe(first);
  });

  it('records nothing before the visit started', async () => {
    beacon.funnelEvent('page_shown', 'patient-type');
    beacon.flushFunnel();
    await settle();
    expect(sent).toEqual([]);
  });
});
