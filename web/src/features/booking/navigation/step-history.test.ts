import { describe, expect, it } from 'vitest';
import {
  backTarget,
  planArrival,
  planHistory,
  readTrail,
  screenOfStep,
  searchForTrail,
  stepName,
  trailTo,
  type FlowShape,
} from './step-history.ts';

const single: FlowShape = { clinicSetUp: false, clinicNum: null, rfv: null, showsProviders: true };
const noProviders: FlowShape = { ...single, showsProviders: false };
const multiClinic: FlowShape = { ...single, clinicSetUp: true };
const fromRfv: FlowShape = { ...noProviders, rfv: 'r-1' };

describe('backTarget: where the page Back leads, which browser Back must match', () => {
  it('follows the page Back, skipping the provider page when the reason shows none', () => {
    expect([2, 3, 4, 5, 6].map((screen) => backTarget(screen, single))).toEqual([1, 2, 3, 4, 5]);
    expect(backTarget(4, noProviders)).toBe(2);
  });

  it('is null where the page offers no Back: page 1, page 4 from rfv, the confirmation', () => {
    expect(backTarget(1, single)).toBeNull();
    expect(backTarget(4, fromRfv)).toBeNull();
    expect(backTarget(7, single)).toBeNull();
    expect(backTarget(0, multiClinic)).toBeNull();
  });

  it('leads from page 1 to the location choice of a multi-clinic practice without clinic_num', () => {
    expect(backTarget(1, multiClinic)).toBe(0);
    expect(backTarget(1, { ...multiClinic, clinicNum: 3 })).toBeNull();
  });
});

describe('trailTo', () => {
  it('lists the screens from the flow start', () => {
    expect(trailTo(6, single)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(trailTo(5, noProviders)).toEqual([1, 2, 4, 5]);
    expect(trailTo(5, fromRfv)).toEqual([4, 5]);
    expect(trailTo(2, multiClinic)).toEqual([0, 1, 2]);
    expect(trailTo(7, single)).toEqual([7]);
  });
});

describe('planHistory', () => {
  it('adds one entry for a step forward', () => {
    expect(planHistory([1, 2], 3, single)).toEqual({ kind: 'write', replace: null, push: [[1, 2, 3]] });
  });

  it('adds an entry for every page the page Back passes through after an automatic jump', () => {
    // One reason for the status: page 1 goes straight to the slots, whose Back leads to page 2.
    expect(planHistory([1], 4, noProviders)).toEqual({
      kind: 'write',
      replace: null,
      push: [
        [1, 2],
        [1, 2, 4],
      ],
    });
  });

  it('goes back to the entry already there (page Back, a slot taken from page 6), keeping Forward', () => {
    expect(planHistory([1, 2, 3, 4], 3, single)).toEqual({ kind: 'go', delta: -1 });
    expect(planHistory([1, 2, 3, 4, 5, 6], 4, single)).toEqual({ kind: 'go', delta: -2 });
    expect(planHistory([0, 1], 0, multiClinic)).toEqual({ kind: 'go', delta: -1 });
  });

  it('does nothing when the entry already shows the screen', () => {
    expect(planHistory([1, 2], 2, single)).toEqual({ kind: 'none' });
  });

  it('puts the confirmation in place of the form it came from', () => {
    expect(planHistory([1, 2, 4, 5], 7, noProviders)).toEqual({ kind: 'write', replace: [1, 2, 4, 7], push: [] });
  });

  it('starts afresh in place once the booking on the confirmation is forgotten', () => {
    expect(planHistory([1, 2, 4, 7], 1, noProviders)).toEqual({ kind: 'write', replace: [1], push: [] });
  });

  it('rewrites an entry of a fresh visit into the whole trail, so Back retraces the steps', () => {
    expect(planHistory(null, 1, single)).toEqual({ kind: 'write', replace: [1], push: [] });
    expect(planHistory(null, 5, noProviders)).toEqual({
      kind: 'write',
      replace: [1],
      push: [
        [1, 2],
        [1, 2, 4],
        [1, 2, 4, 5],
      ],
    });
    expect(planHistory(null, 4, fromRfv)).toEqual({ kind: 'write', replace: [4], push: [] });
  });

  it('replaces the entry when going back to a screen not in its trail', () => {
    expect(planHistory([4, 5], 2, fromRfv)).toEqual({ kind: 'write', replace: [2], push: [] });
  });
});

describe('planArrival (browser Back and Forward, reloads, links)', () => {
  it("shows the entry's screen, its own trail winning over the step parameter", () => {
    expect(planArrival([1, 2, 3], 5, false)).toEqual({ kind: 'show', screen: 3 });
    expect(planArrival(null, 5, false)).toEqual({ kind: 'show', screen: 5 });
    expect(planArrival([0], null, false)).toEqual({ kind: 'show', screen: 0 });
  });

  it('resumes the stored booking on a fresh visit without a step', () => {
    expect(planArrival(null, null, false)).toEqual({ kind: 'stay' });
  });

  it('once booked, leaves the flow from any earlier entry instead of showing its form', () => {
    expect(planArrival([1, 2, 4, 5], null, true)).toEqual({ kind: 'leave', delta: -4 });
    expect(planArrival([1, 2, 4, 5, 6], 6, true)).toEqual({ kind: 'leave', delta: -5 });
    expect(planArrival([1, 2, 4, 7], null, true)).toEqual({ kind: 'stay' });
  });

  it('never shows a confirmation without a booking', () => {
    expect(planArrival([1, 2, 4, 7], null, false)).toEqual({ kind: 'stay' });
  });
});

describe('the entry in the URL and in history state', () => {
  it('names the step, except at the flow start, and keeps the other parameters', () => {
    expect(searchForTrail('?rfv=r-1&utm_source=x', [4])).toBe('?rfv=r-1&utm_source=x');
    expect(searchForTrail('?rfv=r-1', [4, 5])).toBe('?rfv=r-1&step=contact');
    expect(searchForTrail('?step=contact', [1])).toBe('');
    expect(searchForTrail('', [0, 1])).toBe('?step=patient-type');
  });

  it('reads only well-formed step names and trails', () => {
    for (const screen of [0, 1, 2, 3, 4, 5, 6, 7]) expect(screenOfStep(stepName(screen))).toBe(screen);
    expect(screenOfStep('nope')).toBeNull();
    expect(screenOfStep(null)).toBeNull();
    expect(readTrail({ bookingTrail: [1, 2, 4] })).toEqual([1, 2, 4]);
    expect(readTrail({ bookingTrail: [2, 1] })).toBeNull();
    expect(readTrail({ bookingTrail: [] })).toBeNull();
    expect(readTrail({ bookingTrail: [1, 9] })).toBeNull();
    expect(readTrail(null)).toBeNull();
    expect(readTrail({ other: true })).toBeNull();
  });
});
