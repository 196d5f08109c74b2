import { describe, expect, it } from 'vitest';
import { reachablePage, type ProgressFacts } from './reachable-page.ts';
import { isBackVisible, isNextVisible, nextPage, PAGE, previousPage, stepNumber } from './step-rules.ts';

describe('stepNumber (spec section 2)', () => {
  it.each([
    [1, true, 1],
    [2, true, 2],
    [3, true, 3],
    [4, true, 4],
    [5, true, 5],
    [6, true, 6],
    [1, false, 1],
    [2, false, 2],
    [4, false, 3],
    [5, false, 4],
    [6, false, 5],
  ])('page %i with to_show_providers=%s is Step %i', (page, showsProviders, n) => {
    expect(stepNumber(page, showsProviders)).toBe(n);
  });

  it('has no label from page 7 on', () => {
    expect(stepNumber(7, true)).toBeNull();
    expect(stepNumber(7, false)).toBeNull();
    expect(stepNumber(8, false)).toBeNull();
  });
});

describe('isBackVisible (spec section 2)', () => {
  const base = { clinicSetUp: false, clinicNum: null, rfv: null };

  it('is hidden on page 1 and shown on pages 2 to 6', () => {
    expect(isBackVisible({ ...base, page: 1 })).toBe(false);
    for (const page of [2, 3, 4, 5, 6]) expect(isBackVisible({ ...base, page })).toBe(true);
  });

  it('shows on page 1 for a multi-clinic practice without clinic_num, but not with one', () => {
    expect(isBackVisible({ ...base, page: 1, clinicSetUp: true })).toBe(true);
    expect(isBackVisible({ ...base, page: 1, clinicSetUp: true, clinicNum: 2 })).toBe(false);
  });

  it('is hidden on page 4 when the flow came from rfv, and only there', () => {
    expect(isBackVisible({ ...base, page: 4, rfv: 'abc' })).toBe(false);
    expect(isBackVisible({ ...base, page: 5, rfv: 'abc' })).toBe(true);
  });

  it('is hidden in read-only mode and from page 7 on', () => {
    expect(isBackVisible({ ...base, page: 3, isReadOnly: true })).toBe(false);
    expect(isBackVisible({ ...base, page: 7 })).toBe(false);
    expect(isNextVisible({ page: 3, isReadOnly: true })).toBe(false);
    expect(isNextVisible({ page: 7 })).toBe(false);
    expect(isNextVisible({ page: 5 })).toBe(true);
  });
});

describe('previousPage and nextPage', () => {
  it('skips the provider page both ways when the reason does not show providers', () => {
    expect(previousPage(PAGE.slot, false)).toBe(PAGE.reason);
    expect(previousPage(PAGE.slot, true)).toBe(PAGE.provider);
    expect(nextPage(PAGE.reason, false)).toBe(PAGE.slot);
    expect(nextPage(PAGE.reason, true)).toBe(PAGE.provider);
  });

  it('never goes below 1 or past page 5', () => {
    expect(previousPage(1, true)).toBe(1);
    expect(nextPage(5, true)).toBe(5);
    expect(previousPage(5, false)).toBe(4);
  });
});

describe('reachablePage', () => {
  const none: ProgressFacts = {
    hasStatus: false,
    hasReason: false,
    hasProvider: false,
    hasSlot: false,
    canSkipSlot: false,
    hasBookingResult: false,
  };
  const all: ProgressFacts = {
    hasStatus: true,
    hasReason: true,
    hasProvider: true,
    hasSlot: true,
    canSkipSlot: false,
    hasBookingResult: false,
  };

  it('keeps a page whose choices are made', () => {
    for (const page of [1, 2, 3, 4, 5, 6]) expect(reachablePage(page, all)).toBe(page);
  });

  it('falls back to the nearest page whose choices are made', () => {
    expect(reachablePage(5, { ...all, hasSlot: false })).toBe(4);
    expect(reachablePage(5, { ...all, hasSlot: false, canSkipSlot: true })).toBe(5);
    expect(reachablePage(4, { ...none, hasStatus: true })).toBe(2);
    expect(reachablePage(3, none)).toBe(1);
  });

  it('shows the confirmation only with a booking result', () => {
    expect(reachablePage(7, all)).toBe(1);
    expect(reachablePage(7, { ...all, hasBookingResult: true })).toBe(7);
  });

  it('once booked, shows only the confirmation, whatever step an entry names', () => {
    for (const page of [1, 4, 5, 6]) expect(reachablePage(page, { ...all, hasBookingResult: true })).toBe(7);
  });
});
