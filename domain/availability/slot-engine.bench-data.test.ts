import { describe, expect, it } from 'vitest';
import { AvailabilityListSchema } from './availability-schemas.ts';
import { buildBenchSlotQuery } from './slot-engine.bench-data.ts';
import { generateSlots } from './slot-engine.ts';
import { parseLocalDateTime } from '../time/wall-clock.ts';
import { wallToInstants } from '../time/zoned-time.ts';

// Timing belongs in the benchmark; this only checks that the bench input is sane and stable.
describe('the bench practice', () => {
  it('is built deterministically with the advertised size', () => {
    const query = buildBenchSlotQuery();
    expect(JSON.stringify(buildBenchSlotQuery())).toBe(JSON.stringify(query));
    expect(query.busy).toHaveLength(600);
    expect(new Set(query.schedules.map((s) => s.provNum)).size).toBe(10);
    expect(new Set(query.schedules.map((s) => s.opNum)).size).toBe(20);
  });

  it('yields valid, time-ordered slots that clash with no appointment', () => {
    const query = buildBenchSlotQuery();
    const records = AvailabilityListSchema.parse(generateSlots(query));
    expect(records.length).toBeGreaterThan(500);
    const starts = records.map((r) => r.DateTimeStart);
    expect(starts).toEqual([...starts].sort());
    expect(new Set(starts).size).toBe(starts.length);
    // An independent brute-force check against every busy interval.
    const clashes = records.filter((r) => {
      const start = wallToInstants(parseLocalDateTime(r.DateTimeStart), query.timeZone)[0] ?? NaN;
      const end = start + 30 * 60_000;
      return query.busy.some(
        (b) => (b.provNum === r.ProvNum || b.opNum === r.OpNum) && +b.start < end && +b.end > start,
      );
    });
    expect(clashes).toEqual([]);
  });
});
