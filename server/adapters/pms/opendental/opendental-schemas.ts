import { z } from 'zod';

/**
 * The parts of Open Dental's answers we use (research doc §2, §6), parsed rather than trusted.
 * Objects are loose: Open Dental returns many more fields and adds some with each version.
 * Numbers are coerced because Schedules GET returns every value as a string ("ProvNum": "2"),
 * and booleans arrive as the strings "true"/"false".
 */

const odNum = z.coerce.number().int();
const odText = z
  .string()
  .nullish()
  .transform((value) => value ?? '');
const odBool = z.union([z.boolean(), z.string()]).transform((value) => value === true || value === 'true');

export const OdScheduleSchema = z
  .object({
    ScheduleNum: odNum,
    SchedDate: z.string(),
    StartTime: z.string(),
    StopTime: z.string(),
    SchedType: z.string(),
    ProvNum: odNum.default(0),
    BlockoutType: odNum.default(0),
    /** Comma-separated OperatoryNums; empty for provider schedules not tied to a chair. */
    operatories: odText,
  })
  .loose();
export type OdSchedule = z.infer<typeof OdScheduleSchema>;

export const OdAppointmentSchema = z
  .object({
    AptNum: odNum,
    PatNum: odNum,
    AptStatus: z.string(),
    Pattern: odText,
    Op: odNum.default(0),
    ProvNum: odNum.default(0),
    ProvHyg: odNum.default(0),
    ClinicNum: odNum.default(0),
    AptDateTime: z.string(),
  })
  .loose();
export type OdAppointment = z.infer<typeof OdAppointmentSchema>;

export const OdPatientSchema = z
  .object({
    PatNum: odNum,
    LName: odText,
    FName: odText,
    Preferred: odText,
    Birthdate: odText,
    PatStatus: odText,
    Email: odText,
    WirelessPhone: odText,
  })
  .loose();
export type OdPatient = z.infer<typeof OdPatientSchema>;

export const OdProviderSchema = z
  .object({
    ProvNum: odNum,
    Abbr: odText,
    LName: odText,
    FName: odText,
    PreferredName: odText,
    IsSecondary: odBool.default(false),
    IsHidden: odBool.default(false),
    ProvStatus: odText,
  })
  .loose();
export type OdProvider = z.infer<typeof OdProviderSchema>;

export const OdOperatorySchema = z
  .object({
    OperatoryNum: odNum,
    OpName: odText,
    Abbrev: odText,
    IsHidden: odBool.default(false),
    ClinicNum: odNum.default(0),
    ProvDentist: odNum.default(0),
    ProvHygienist: odNum.default(0),
    IsHygiene: odBool.default(false),
    IsWebSched: odBool.default(false),
  })
  .loose();
export type OdOperatory = z.infer<typeof OdOperatorySchema>;

export const OdClinicSchema = z
  .object({
    ClinicNum: odNum,
    Description: odText,
    Abbr: odText,
    Address: odText,
    City: odText,
    State: odText,
    Zip: odText,
    Phone: odText,
    IsHidden: odBool.default(false),
  })
  .loose();
export type OdClinic = z.infer<typeof OdClinicSchema>;

/** Appointments POST body (research doc §2.4); `Op`, not `OpNum`. */
export interface OdAppointmentCreate {
  PatNum: number;
  Op: number;
  AptDateTime: string;
  Pattern: string;
  ProvNum: number;
  ClinicNum?: number;
  IsNewPatient: 'true' | 'false';
  Note: string;
}

/** Patients POST body (research doc §2.9). */
export interface OdPatientCreate {
  LName: string;
  FName: string;
  Birthdate: string;
  Email: string;
  WirelessPhone: string;
  PatStatus: 'Prospective';
  ClinicNum?: number;
}
