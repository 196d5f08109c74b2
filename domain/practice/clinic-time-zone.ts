/**
 * The wall clock a booking's times are read and written in (ADR 0061): the clinic's own zone when the
 * practice file gives it one, otherwise the practice's `server_tz`, the spec's one zone per practice.
 */
export interface PracticeTimeZones {
  server_tz: string;
  /** `pms_clinic_num` (as a JSON key) → IANA zone, only for clinics whose zone differs from server_tz's rule. */
  clinic_time_zones: Readonly<Record<string, string>>;
}

export function timeZoneAtClinic(practice: PracticeTimeZones, clinicNum: number | null | undefined): string {
  if (clinicNum === null || clinicNum === undefined) return practice.server_tz;
  return practice.clinic_time_zones[String(clinicNum)] ?? practice.server_tz;
}

/** The booking page's side of the same rule: the chosen clinic's zone (the wire fills it), else the practice's. */
export const timeZoneOfChosenClinic = (
  practice: { server_tz: string },
  clinic: { time_zone: string } | null | undefined,
): string => clinic?.time_zone ?? practice.server_tz;
