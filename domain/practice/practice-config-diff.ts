import { formatPath } from './practice-config-problems.ts';
import type { PracticeConfig } from './practice-config-schema.ts';

/** One changed setting: its JSON path in the practice file (`reasons[2].final_duration`), before and after. */
export interface SettingChange {
  path: string;
  before: unknown;
  after: unknown;
}

/**
 * The settings that differ between two validated practices, as the practice file spells them (ADR 0079).
 * Lists the database keeps without an order (schedules, closures, time off, chairs, a reason's links) compare
 * in a fixed order; reasons no longer offered come last by name, as the export lists them; the version itself,
 * secrets and `not_offered` (never stored) are not settings.
 */
export function diffPracticeConfigs(before: PracticeConfig, after: PracticeConfig): SettingChange[] {
  const changes: SettingChange[] = [];
  diffValues(comparable(before), comparable(after), [], changes);
  return changes;
}

/**
 * What importing `file` leaves of a practice stored as `stored`: its reasons and providers missing from the file
 * are deactivated, not deleted (bookings name them).
 */
export function asImported(file: PracticeConfig, stored: PracticeConfig): PracticeConfig {
  const named = new Set(file.reasons.map((reason) => reason.name));
  const dropped = stored.reasons.filter((r) => !named.has(r.name)).map((r) => ({ ...r, is_active: false }));
  const listed = new Set(file.providers.map((provider) => provider.pms_prov_num));
  const gone = stored.providers.filter((p) => !listed.has(p.pms_prov_num)).map((p) => ({ ...p, is_active: false }));
  return { ...file, reasons: [...file.reasons, ...dropped], providers: [...file.providers, ...gone] };
}

const byContent = <T>(items: readonly T[]): T[] =>
  [...items].sort((a, b) =>
    JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0,
  );
const numbers = (items: readonly number[]) => [...items].sort((a, b) => a - b);

function comparable(practice: PracticeConfig): Record<string, unknown> {
  const { version: _version, not_offered: _notOffered, pms, ...rest } = practice;
  const active = practice.reasons.filter((r) => r.is_active);
  const inactive = practice.reasons.filter((r) => !r.is_active).sort((a, b) => a.name.localeCompare(b.name));
  return {
    ...rest,
    pms: { type: pms.type },
    operatories: [...practice.operatories].sort((a, b) => a.pms_op_num - b.pms_op_num),
    // Active providers in their order, as the booking page lists them; the others by number.
    providers: [
      ...practice.providers.filter((p) => p.is_active),
      ...practice.providers.filter((p) => !p.is_active).sort((a, b) => a.pms_prov_num - b.pms_prov_num),
    ],
    reasons: [...active, ...inactive].map((r) => ({
      ...r,
      providers: numbers(r.providers),
      clinics: numbers(r.clinics),
    })),
    schedules: byContent(practice.schedules.map((s) => ({ ...s, weekdays: numbers(s.weekdays) }))),
    closures: byContent(practice.closures),
    time_off: byContent(practice.time_off),
  };
}

function diffValues(before: unknown, after: unknown, path: (string | number)[], changes: SettingChange[]): void {
  // A missing optional value, null and no translations ({}) mean the same in the file.
  const a = orNull(before);
  const b = orNull(after);
  if (Array.isArray(a) && Array.isArray(b) && a.length === b.length) {
    a.forEach((item, i) => diffValues(item, b[i], [...path, i], changes));
  } else if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)]))
      diffValues(a[key], b[key], [...path, key], changes);
  } else if (JSON.stringify(a) !== JSON.stringify(b)) {
    changes.push({ path: formatPath(path), before: a, after: b });
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const orNull = (value: unknown) =>
  value === undefined || (isObject(value) && Object.keys(value).length === 0) ? null : value;
