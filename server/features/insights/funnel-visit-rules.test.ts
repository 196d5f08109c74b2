import { describe, expect, it } from 'vitest';
import type { FunnelEvent } from '#domain/insights/funnel-schemas.ts';
import { applyBatch, type VisitSoFar } from './funnel-visit-rules.ts';

const AT = Date.parse('2026-03-02T15:00:00Z');
const fresh: VisitSoFar = { isNew: true, firstAt: AT, steps: [], lastStep: null, bookedSeconds: null };
const event = (type: FunnelEvent['type'], step: FunnelEvent['step'], seconds: number): FunnelEvent => ({
  type,
  step,
  at: AT + seconds * 1000,
});

describe('a batch in the daily totals (ADR 0080)', () => {
  it('counts a new visit, each new step once, and moves where it left', () => {
    const first = applyBatch(fresh, [event('page_shown', 'patient-type', 0), event('step_reached', 'reason', 10)]);
    expect(first.daily).toEqual([
      { step: 'visits', reached: 1, left: 0 },
      { step: 'patient-type', reached: 1, left: 0 },
      { step: 'reason', reached: 1, left: 1 },
    ]);
    const back = applyBatch({ ...fresh, isNew: false, steps: first.steps, lastStep: first.lastStep }, [
      event('step_back', 'patient-type', 20),
    ]);
    expect(back.daily).toEqual([
      { step: 'reason', reached: 0, left: -1 },
      { step: 'patient-type', reached: 0, left: 1 },
    ]);
  });

  it('keeps a booked visit booked when the page goes back to its start afterwards', () => {
    const booked = applyBatch({ ...fresh, isNew: false, steps: ['patient-type'], lastStep: 'contact' }, [
      event('booked', 'booked', 95),
      event('step_back', 'patient-type', 96),
    ]);
    expect(booked).toMatchObject({ lastStep: 'booked', bookedSeconds: 95 });
    expect(booked.daily).toEqual([
      { step: 'booked', reached: 1, left: 1 },
      { step: 'contact', reached: 0, left: -1 },
    ]);
  });

  it('ignores actions within a step', () => {
    const after = applyBatch({ ...fresh, isNew: false, steps: ['slot'], lastStep: 'slot' }, [
      event('slot_taken', undefined, 5),
    ]);
    expect(after.daily).toEqual([]);
  });
});
