import { z } from 'zod';
import { AvailabilityListSchema } from '../availability/availability-schemas.ts';

/**
 * The practice's settings from the console (ADR 0079): the practice as its practice file spells it, checked by
 * the same schema and rules as `practice:import` (domain/practice/practice-config-schema.ts), so the body's
 * `practice` is an object here and its fields are the file's.
 *
 * Permission 'schedule' to read and save; saving anything but `closures` and `time_off` needs 'settings'
 * (owners), else 403:
 * - `GET /api/v1/staff/settings` → { version, practice } without secrets (the Open Dental key).
 * - `PUT /api/v1/staff/settings` { version, practice, confirm_stranded? } → { version, changes }; 409
 *   VERSION_CONFLICT for another version than the stored one; 409 STRANDS_BOOKINGS with `stranded` unless
 *   confirmed; 422 VALIDATION_FAILED with `fields` keyed by the file's JSON paths (`reasons[2].final_duration`).
 * - `POST /api/v1/staff/settings/preview` { practice, date, reason? } → that day's slots under the unsaved settings.
 * - `GET /api/v1/staff/settings/history` → the saved changes, newest first.
 * - `GET /api/v1/staff/settings/export` → the practice file `{ practices: [practice] }` with its version.
 */

const PracticeObjectSchema = z.record(z.string(), z.unknown());

export const SettingsViewSchema = z.object({ version: z.number().int().nonnegative(), practice: PracticeObjectSchema });
export type SettingsView = z.infer<typeof SettingsViewSchema>;

export const SettingsSaveBodySchema = z.object({
  version: z.number().int().nonnegative(),
  practice: PracticeObjectSchema,
  confirm_stranded: z.boolean().optional(),
});
export type SettingsSaveBody = z.infer<typeof SettingsSaveBodySchema>;

const SettingChangeSchema = z.object({ path: z.string(), before: z.unknown(), after: z.unknown() });

export const SettingsSavedSchema = z.object({
  version: z.number().int().nonnegative(),
  changes: z.array(SettingChangeSchema),
});
export type SettingsSaved = z.infer<typeof SettingsSavedSchema>;

export const SettingsPreviewBodySchema = z.object({
  practice: PracticeObjectSchema,
  date: z.iso.date(),
  /** A reason's name; the first active reason when left out. */
  reason: z.string().min(1).max(200).optional(),
});
export type SettingsPreviewBody = z.infer<typeof SettingsPreviewBodySchema>;

export const SettingsPreviewSchema = AvailabilityListSchema;

export const SettingsHistorySchema = z.array(
  z.object({ at: z.iso.datetime(), by: z.string(), version: z.number().int(), changes: z.array(SettingChangeSchema) }),
);
export type SettingsHistory = z.infer<typeof SettingsHistorySchema>;

export const SettingsExportSchema = z.object({ practices: z.array(PracticeObjectSchema) });
