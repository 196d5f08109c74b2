import { generateSlots } from '#domain/availability/slot-engine.ts';
import { addDays } from '#domain/time/local-date.ts';
import type { Queryable } from '../../db/database.ts';
import { loadScheduleData } from './builtin-schedule-repository.ts';
import type { PmsAdapter } from './pms-adapter.ts';

// Busy intervals are fetched with a day of margin on each side: enough for any zone's offset.
const MARGIN_DAYS = 1;

/** Availability from the practice's own schedule in our database, cut by the pure slot engine. */
export function createBuiltinPmsAdapter(db: Queryable): PmsAdapter {
  return {
    async getAvailability(request) {
      const { practice } = request;
      const from = new Date(`${addDays(request.startDate, -MARGIN_DAYS)}T00:00:00Z`);
      const to = new Date(`${addDays(request.endDate, MARGIN_DAYS + 1)}T00:00:00Z`);
      const schedule = await loadScheduleData(db, practice.id, from, to, request.ignore?.appointmentId ?? null);
      const records = generateSlots({
        timeZone: request.timeZone,
        now: request.now,
        startDate: request.startDate,
        endDate: request.endDate,
        durationMinutes: request.durationMinutes,
        intervalMinutes: practice.slot_interval_minutes,
        minLeadHours: practice.min_hours_before_booking,
        horizonMonths: practice.booking_horizon_months,
        ...schedule,
        allowedProvNums: request.allowedProvNums,
        clinicNum: request.clinicNum ?? null,
        provNum: request.provNum ?? 0,
      });
      // The built-in schedule is our own database: never out of date.
      return { records, staleSince: null };
    },
  };
}
