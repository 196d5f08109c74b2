import type { Database } from '#server/db/database.ts';
import { importPractices, practiceConfig, reasonId } from '#server/test/practice-factory.ts';

/** What the load generator needs to know about a practice. */
export interface SoakPractice {
  id: string;
  formUrl: string;
  /** The free 15-minute reason every booking uses. */
  reasonId: string;
  provNums: number[];
  isVerifying: boolean;
}

export const SOAK_ZONE = 'America/New_York';
const REASON = 'Check-up';

/**
 * A practice open every day 07:00–19:00 with `providers` providers, each in a chair of their own,
 * and a 15-minute reason: 48 slots a day per provider, so a few minutes of bookings spread over
 * a few months rarely collide. The practice is told about every booking (two e-mails each).
 */
export function soakPracticeConfig(
  formUrl: string,
  options: { providers: number; isVerifying?: boolean; reasons?: object[]; pms?: object },
) {
  const nums = Array.from({ length: options.providers }, (_, i) => i + 1);
  return practiceConfig({
    form_url: formUrl,
    name: `Soak ${formUrl}`,
    server_tz: SOAK_ZONE,
    slot_interval_minutes: 15,
    notification_email: `front-desk@${formUrl}.example`,
    to_verify_patient: options.isVerifying ?? false,
    providers: nums.map((n) => ({ pms_prov_num: n, provider_display_name: `Dr. Soak ${n}` })),
    operatories: nums.map((n) => ({ pms_op_num: n, name: `Chair ${n}` })),
    reasons: [{ name: REASON, final_duration: 15, to_show_providers: true, providers: [] }, ...(options.reasons ?? [])],
    schedules: nums.map((n) => ({
      pms_prov_num: n,
      pms_op_num: n,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      start: '07:00',
      end: '19:00',
    })),
    ...(options.pms ? { pms: options.pms } : {}),
  });
}

/** Imports the configurations (soakPracticeConfig) and describes each practice for the load. */
export async function importSoakPractices(
  db: Database,
  ...configs: Record<string, unknown>[]
): Promise<Record<string, SoakPractice>> {
  const ids = await importPractices(db, ...configs);
  const practices: Record<string, SoakPractice> = {};
  for (const config of configs) {
    const formUrl = String(config.form_url);
    const id = ids[formUrl]!;
    practices[formUrl] = {
      id,
      formUrl,
      reasonId: await reasonId(db, id, REASON),
      provNums: (config.providers as { pms_prov_num: number }[]).map((p) => p.pms_prov_num),
      isVerifying: config.to_verify_patient === true,
    };
  }
  return practices;
}

/** The two practices of the load and scale-out soaks: one books directly, one verifies first. */
export function loadPracticeConfigs() {
  return [
    soakPracticeConfig('soak-open', { providers: 10 }),
    soakPracticeConfig('soak-verify', { providers: 4, isVerifying: true }),
  ];
}
