import { queryOptions } from '@tanstack/react-query';
import { StaffSlotsSchema } from '#domain/staff/staff-appointment-schemas.ts';
import { apiResult } from '../../../lib/api-client.ts';

export interface SlotSearch {
  date: string;
  reasonId: string | null;
  provider: number | null;
  /** The clinic, for a practice with several. */
  clinic?: number | null;
  /** The booking being moved: its own time counts as free. */
  appointmentId?: string;
}

/** A free time as the slot picker shows it and the reschedule and booking dialogs send it. */
export interface StaffSlot {
  apt_date: string;
  start_time: string;
  end_time: string;
  pms_prov_num: number;
  pms_op_num: number;
}

/**
 * `GET /api/v1/staff/slots?date&reason_id[&pms_prov_num][&clinic][&appointment_id]`: any free time of the
 * slot engine (the practice's patient policy does not bind staff), in the patient slot list's
 * records ("YYYY-MM-DD HH:mm:ss" wall times), turned into the picker's slots here.
 */
export function slotsQuery(practiceId: string, search: SlotSearch) {
  return queryOptions({
    queryKey: ['slots', practiceId, search] as const,
    queryFn: async ({ signal }): Promise<StaffSlot[]> => {
      const query = {
        date: search.date,
        reason_id: search.reasonId ?? undefined,
        pms_prov_num: search.provider ?? undefined,
        clinic: search.clinic ?? undefined,
        appointment_id: search.appointmentId,
      };
      const records = await apiResult({ path: '/staff/slots', query, result: StaffSlotsSchema, signal });
      return records.map((record) => ({
        apt_date: record.DateTimeStart.slice(0, 10),
        start_time: record.DateTimeStart.slice(11),
        end_time: record.DateTimeEnd.slice(11),
        pms_prov_num: record.ProvNum,
        pms_op_num: record.OpNum,
      }));
    },
    staleTime: 0,
  });
}
