import { describe, expect, it } from 'vitest';
import { generateSlots } from './slot-engine.ts';
import type { SlotQuery } from './slot-query.ts';
import { busyAt, schedule, slotQuery } from './slot-engine.test-data.ts';

describe('generateSlots: purity and bad input', () => {
  it('never mutates its input and gives the same answer twice', () => {
    const query = slotQuery({ busy: [busyAt('2026-03-04T09:00', 30)], closures: ['2026-03-05'] });
    const before = JSON.stringify(query);
    const deepFreeze = (value: unknown): void => {
      if (value && typeof value === 'object' && !(value instanceof Date))
        Object.values(Object.freeze(value)).forEach(deepFreeze);
    };
    deepFreeze(query);
    const first = generateSlots(query);
    expect(generateSlots(query)).toEqual(first);
    expect(JSON.stringify(query)).toBe(before);
  });

  it('accepts now as epoch milliseconds', () => {
    const asDate = generateSlots(slotQuery());
    expect(generateSlots(slotQuery({ now: Date.parse('2026-03-02T06:00:00Z') }))).toEqual(asDate);
  });

  it.each<{ name: string; query: Partial<SlotQuery> }>([
    { name: 'a zero interval', query: { intervalMinutes: 0 } },
    { name: 'a negative duration', query: { durationMinutes: -30 } },
    { name: 'a malformed schedule time', query: { schedules: [schedule({ start: '8:00' })] } },
    { name: 'a malformed date', query: { startDate: '2026-3-4' } },
    { name: 'a malformed closure', query: { closures: ['25/12/2026'] } },
    { name: 'an unknown zone', query: { timeZone: 'Central' } },
  ])('throws a RangeError for $name', ({ query }) => {
    expect(() => generateSlots(slotQuery(query))).toThrow(RangeError);
  });
});
