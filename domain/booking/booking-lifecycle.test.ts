import { describe, expect, it } from 'vitest';
import { BOOKING_STATUSES, canMove, isDeclaredEdge } from './booking-lifecycle.ts';

/**
 * Every move the product makes, with the path that makes it (ADR 0068). Written out here rather than read from the
 * table, so a change of the table is a change of this list too.
 */
const PRODUCT_EDGES: Record<string, string> = {
  'requested→booked': 'staff give a request its first time',
  'requested→cancelled': 'a request cancelled',
  'pending_payment→booked': 'paid, or the checkout ended unpaid (ADR 0060)',
  'pending_payment→expired': 'the hold ran out, or its checkout could not open',
  'pending_payment→cancelled': 'the patient replaced the hold by a later checkout',
  'pending_payment→refunded': 'money for a hold that cannot keep its time',
  'booked→confirmed': 'the patient confirms',
  'booked→arrived': 'checked in',
  'booked→no_show': 'marked a no-show',
  'booked→cancelled': 'cancelled by the patient or staff',
  'booked→refunded': 'money for a booking that cannot stand',
  'confirmed→booked': 'a confirmed booking moved to another time',
  'confirmed→arrived': 'checked in',
  'confirmed→no_show': 'marked a no-show',
  'confirmed→cancelled': 'cancelled by the patient or staff',
  'confirmed→refunded': 'money for a booking that cannot stand',
  'arrived→booked': 'an arrival undone (ADR 0064)',
  'arrived→confirmed': 'an arrival undone, the patient had confirmed',
  'arrived→no_show': 'an arrival undone that had corrected a no-show',
  'no_show→booked': 'a no-show undone',
  'no_show→confirmed': 'a no-show undone, the patient had confirmed',
  'no_show→arrived': 'a no-show corrected: the patient was there',
  'cancelled→refunded': 'money for a hold the patient had replaced',
  'expired→booked': 'late money, or a late unpaid end, while the time is still free (ADR 0060)',
  'expired→refunded': 'late money when the time was taken meanwhile',
};

/** What a caller may ask `changeStatus` for by name; the rest only follow from a move, an undo or money. */
const ASKED_BY_NAME = new Set([
  'requested→booked',
  'requested→cancelled',
  'pending_payment→booked',
  'pending_payment→expired',
  'pending_payment→cancelled',
  'pending_payment→refunded',
  'booked→confirmed',
  'booked→arrived',
  'booked→no_show',
  'booked→cancelled',
  'booked→refunded',
  'confirmed→arrived',
  'confirmed→no_show',
  'confirmed→cancelled',
  'confirmed→refunded',
  'no_show→arrived',
  'expired→booked',
]);

const pairs = BOOKING_STATUSES.flatMap((from) => BOOKING_STATUSES.map((to) => [from, to] as const));

describe('the transition table', () => {
  it.each(pairs)('%s → %s is declared exactly when the product makes that move', (from, to) => {
    expect(isDeclaredEdge(from, to)).toBe(`${from}→${to}` in PRODUCT_EDGES);
    expect(canMove(from, to)).toBe(ASKED_BY_NAME.has(`${from}→${to}`));
  });

  it('never declares a status to itself, and ends nowhere from arrived but by an undo', () => {
    expect(BOOKING_STATUSES.some((s) => isDeclaredEdge(s, s))).toBe(false);
    expect(BOOKING_STATUSES.filter((to) => canMove('arrived', to))).toEqual([]);
  });
});
