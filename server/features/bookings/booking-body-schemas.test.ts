import { describe, expect, it } from 'vitest';
import type { BookingRulesContext } from '#domain/booking/booking-schemas.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { bookingBodySchemaFor, MAX_BUILT_SCHEMAS } from './booking-body-schemas.ts';

const context = (overrides: Partial<BookingRulesContext> = {}): BookingRulesContext => ({
  today: '2026-03-02',
  toShowInsurances: false,
  optionalInsuranceFields: ['groupNumber'],
  insuranceChoices: { names: ['Delta Dental'], acceptsOther: false },
  ...overrides,
});

describe('bookingBodySchemaFor', () => {
  it('builds a practice’s schema of the day once, and another for other rules or another day', () => {
    const first = bookingBodySchemaFor(context());
    expect(bookingBodySchemaFor(context())).toBe(first);
    expect(bookingBodySchemaFor(context({ today: '2026-03-03' }))).not.toBe(first);
    const otherList = bookingBodySchemaFor(context({ insuranceChoices: { names: ['Aetna'], acceptsOther: false } }));
    expect(otherList).not.toBe(first);
  });

  it('judges by the rules it was built for: a birth date must be before the day it was built for', () => {
    const ids = { practice_id: '6f1c2b9e-4a55-4a8e-9a3f-6c1d2e3f4a5b', rfv_id: '6f1c2b9e-4a55-4a8e-9a3f-6c1d2e3f4a5c' };
    const body = bookingBody({ ...ids, dob: '2026-03-02', apt_date: '2026-03-04' });
    expect(bookingBodySchemaFor(context()).safeParse(body).success).toBe(false);
    expect(bookingBodySchemaFor(context({ today: '2026-03-03' })).safeParse(body).success).toBe(true);
  });

  it(`keeps at most ${MAX_BUILT_SCHEMAS}, dropping the least recently used`, () => {
    const kept = bookingBodySchemaFor(context({ today: '2030-01-01' }));
    const dropped = bookingBodySchemaFor(context({ today: '2030-01-02' }));
    for (let i = 0; i < MAX_BUILT_SCHEMAS - 1; i++) {
      if (i % 100 === 0) bookingBodySchemaFor(context({ today: '2030-01-01' }));
      bookingBodySchemaFor(context({ insuranceChoices: { names: [`Plan ${i}`], acceptsOther: true } }));
    }
    expect(bookingBodySchemaFor(context({ today: '2030-01-01' }))).toBe(kept);
    expect(bookingBodySchemaFor(context({ today: '2030-01-02' }))).not.toBe(dropped);
  });
});
