import { describe, expect, it } from 'vitest';
import { parsePracticeConfigFile } from '#domain/practice/practice-config-schema.ts';
import { withTestDatabase } from '../../test/test-app.ts';
import { DEMO_PRACTICES_FILE } from './demo-practices.ts';
import { readStoredPracticeFile } from './practice-export-repository.ts';
import { importPracticeConfig, readPracticeConfigFile } from './practice-import.ts';

const ctx = withTestDatabase();

/** Every table the import writes, per practice, as rows: what "changes nothing" is measured on. */
async function snapshot(): Promise<unknown[]> {
  const tables = ['practices', 'clinics', 'providers', 'operatories', 'reasons_for_visit', 'schedules', 'closures'];
  const rows: unknown[] = [];
  for (const table of [...tables, 'provider_time_off'])
    rows.push(await ctx.db.query(`select * from ${table} order by id`));
  rows.push(await ctx.db.query('select * from reason_providers order by reason_id, pms_prov_num'));
  rows.push(await ctx.db.query('select * from reason_clinics order by reason_id, pms_clinic_num'));
  return rows;
}

// ADR 0079: the console's export is a practice file, and importing it changes nothing.
describe('the practice file export', () => {
  it('round-trips every demo practice (clinics in their own zones, translations, Open Dental) unchanged', async () => {
    const demo = await readPracticeConfigFile(DEMO_PRACTICES_FILE);
    if (!demo.ok) throw new Error(demo.problems.join('\n'));
    const imported = await importPracticeConfig(ctx.db, demo.value);
    // A part-day closure and time off too, which the demo file has none of.
    const extra = {
      ...demo.value.practices[0]!,
      closures: [{ date: '2026-12-24', name: 'Eve', start: '12:00', end: '24:00' }],
    };
    await importPracticeConfig(ctx.db, { practices: [extra] });
    const before = await snapshot();

    const exported = [];
    for (const { practice_id } of imported)
      exported.push((await readStoredPracticeFile(ctx.db, practice_id))!.practice);
    const file = parsePracticeConfigFile({ practices: exported });
    if (!file.ok) throw new Error(file.problems.join('\n'));
    const summary = await importPracticeConfig(ctx.db, file.value);
    expect(summary.map((p) => p.changed)).toEqual(imported.map(() => 0));
    expect(await snapshot()).toEqual(before);
    expect(exported[0]).toMatchObject({
      closures: [{ date: '2026-12-24', name: 'Eve', start: '12:00', end: '24:00' }],
    });
  });
});
