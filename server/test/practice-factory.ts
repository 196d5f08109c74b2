import { parsePracticeConfigFile } from '#domain/practice/practice-config-schema.ts';
import type { Database } from '../db/database.ts';
import { importPracticeConfig } from '../features/practices/practice-import.ts';

/**
 * A small practice for API tests, as a raw configuration file entry: two providers in two
 * chairs, weekdays 09:00–17:00 with lunch, one 30-minute reason. Override any field.
 */
export function practiceConfig(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    form_url: 'test-practice',
    name: 'Test Practice',
    server_tz: 'America/New_York',
    phone: '2125550100',
    slot_interval_minutes: 30,
    form_customization: { brand_color: '#334155', button_color_1: '#0f766e', button_color_2: '#0f766e' },
    providers: [
      { pms_prov_num: 1, provider_display_name: 'Dr. One' },
      { pms_prov_num: 2, provider_display_name: 'Dr. Two' },
    ],
    operatories: [
      { pms_op_num: 1, name: 'Chair 1' },
      { pms_op_num: 2, name: 'Chair 2' },
    ],
    reasons: [{ name: 'Exam', final_duration: 30, to_show_providers: true, providers: [] }],
    schedules: [
      {
        pms_prov_num: 1,
        pms_op_num: 1,
        weekdays: [1, 2, 3, 4, 5],
        start: '09:00',
        end: '17:00',
        breaks: [{ start: '12:00', end: '13:00' }],
      },
      {
        pms_prov_num: 2,
        pms_op_num: 2,
        weekdays: [1, 2, 3, 4, 5],
        start: '09:00',
        end: '17:00',
        breaks: [{ start: '12:00', end: '13:00' }],
      },
    ],
    ...overrides,
  };
}

/** Validates and imports practices; returns their ids keyed by form_url. */
export async function importPractices(
  db: Database,
  ...practices: Record<string, unknown>[]
): Promise<Record<string, string>> {
  const parsed = parsePracticeConfigFile({ practices });
  if (!parsed.ok) throw new Error(`Test practice does not validate:\n${parsed.problems.join('\n')}`);
  await importPracticeConfig(db, parsed.value);
  const rows = await db.query<{ id: string; form_url: string }>('select id, form_url from practices');
  return Object.fromEntries(rows.map((row) => [row.form_url, row.id]));
}

export async function reasonId(db: Database, practiceId: string, name: string): Promise<string> {
  const rows = await db.query<{ id: string }>('select id from reasons_for_visit where practice_id = $1 and name = $2', [
    practiceId,
    name,
  ]);
  if (!rows[0]) throw new Error(`No reason ${name}`);
  return rows[0].id;
}

/** The factory practice alone (two providers, two chairs, the 'Exam' reason): its id and the reason's. */
export async function importFactoryPractice(db: Database): Promise<{ practiceId: string; examId: string }> {
  const practiceId = (await importPractices(db, practiceConfig()))['test-practice']!;
  return { practiceId, examId: await reasonId(db, practiceId, 'Exam') };
}
