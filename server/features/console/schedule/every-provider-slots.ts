import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';

/**
 * "Any provider" for staff (ADR 0066): every free provider at each time, one entry each, so the
 * desk can offer the patient whoever they prefer; the patients' earliest-available rule picks one
 * provider per time instead. Sorted by time, then provider. The Open Dental adapter caches a
 * practice's month, so asking once per provider costs no more requests to the office.
 */
export async function slotsOfEveryProvider(
  providerNums: readonly number[],
  slotsOf: (provNum: number) => Promise<AvailabilityRecord[]>,
): Promise<AvailabilityRecord[]> {
  const lists = await Promise.all(providerNums.map((provNum) => slotsOf(provNum)));
  return lists
    .flat()
    .sort((a, b) => a.DateTimeStart.localeCompare(b.DateTimeStart) || a.ProvNum - b.ProvNum || a.OpNum - b.OpNum);
}
