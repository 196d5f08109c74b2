import { queryOptions } from '@tanstack/react-query';
import { StaffSlotsSchema, type StaffSlot } from './console-contracts.ts';
import { staffRequest } from './console-request.ts';

export interface SlotSearch {
  date: string;
  reasonId: string | null;
  provider: number | null;
}

/**
 * `GET /api/v1/staff/slots?date&reason_id[&pms_prov_num]`: any free time of the slot engine (the
 * practice's patient policy does not bind staff). The one adapter between that answer and the
 * reschedule dialog: when the server's schema lands in domain, only this file changes.
 */
export function slotsQuery(practiceId: string, search: SlotSearch) {
  return queryOptions({
    queryKey: ['slots', practiceId, search] as const,
    queryFn: async ({ signal }): Promise<StaffSlot[]> => {
      const query = { date: search.date, reason_id: search.reasonId ?? undefined, pms_prov_num: search.provider ?? undefined };
      return (await staffRequest({ path: '/staff/slots', query, result: StaffSlotsSchema, signal })).result.slots;
    },
    staleTime: 0,
  });
}
