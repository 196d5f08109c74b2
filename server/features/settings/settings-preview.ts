import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';
import { generateSlots } from '#domain/availability/slot-engine.ts';
import type { SettingsPreviewBody } from '#domain/staff/staff-settings-schemas.ts';
import { addDays } from '#domain/time/local-date.ts';
import { closedTimeBetween } from '#domain/availability/closure-days.ts';
import { everyChair, loadScheduleData } from '../../adapters/pms/builtin-schedule-repository.ts';
import { AppError } from '../../http/app-error.ts';
import { checkSettings, readSettings, type SettingsDeps } from './settings-service.ts';

/**
 * One day's slots under settings not saved yet (ADR 0079), in the slot list's shape: the unsaved hours,
 * closures and time off with the stored bookings and blocked time, through the engine the booking page uses.
 * Patients' notice applies, so the owner sees what a patient would be offered. Built-in schedules only: an
 * Open Dental practice's hours are Open Dental's.
 */
export async function previewSettings(
  deps: Pick<SettingsDeps, 'db' | 'clock' | 'offers'>,
  practiceId: string,
  body: SettingsPreviewBody,
): Promise<AvailabilityRecord[]> {
  const { version } = await readSettings(deps.db, practiceId);
  const practice = checkSettings(body.practice, version, deps.offers);
  if (practice.pms.type !== 'builtin')
    throw new AppError(409, 'CONFLICT', "This practice's hours are kept in Open Dental: preview them there.");
  const reason = practice.reasons.find((r) => r.is_active && (body.reason === undefined || r.name === body.reason));
  if (!reason)
    throw AppError.validation('No active reason has this name.', { reason: 'No active reason has this name.' });

  const from = new Date(`${addDays(body.date, -1)}T00:00:00Z`);
  const to = new Date(`${addDays(body.date, 2)}T00:00:00Z`);
  const stored = await loadScheduleData(deps.db, practiceId, from, to);
  const providers = new Set(practice.providers.map((p) => p.pms_prov_num));
  const chairs = new Set(practice.operatories.map((o) => o.pms_op_num));
  const closed = closedTimeBetween(practice.closures, practice.server_tz, body.date, body.date);
  return generateSlots({
    timeZone: practice.server_tz,
    now: deps.clock.now(),
    startDate: body.date,
    endDate: body.date,
    durationMinutes: reason.final_duration,
    intervalMinutes: practice.slot_interval_minutes,
    minLeadHours: practice.min_hours_before_booking,
    horizonMonths: practice.booking_horizon_months,
    schedules: practice.schedules
      .filter((s) => providers.has(s.pms_prov_num) && chairs.has(s.pms_op_num))
      .map((s) => ({ ...s, provNum: s.pms_prov_num, opNum: s.pms_op_num, clinicNum: s.pms_clinic_num })),
    closures: closed.closedDays,
    timeOff: practice.time_off.map((t) => ({ provNum: t.pms_prov_num, start: t.start, end: t.end })),
    busy: stored.busy,
    blocked: [
      ...stored.blocked.filter((b) => !stored.closedParts.includes(b)),
      ...closed.closedParts.map(({ start, end }) => everyChair(start, end)),
    ],
    allowedProvNums: reason.providers,
    clinicNum: null,
    provNum: 0,
  });
}
