import { describe, expect, it } from 'vitest';
import { withTestDatabase } from '../../test/test-app.ts';
import { DEMO_PRACTICES_FILE, importDemoPracticesIfEmpty } from './demo-practices.ts';
import { PracticeImportRefused } from './practice-import.ts';

const ctx = withTestDatabase();

describe('importDemoPracticesIfEmpty', () => {
  it('refuses the demo practices without card payments, naming their paid reasons, and imports nothing', async () => {
    const error = await importDemoPracticesIfEmpty(ctx.db, DEMO_PRACTICES_FILE, {
      offers: { texts: false, payments: false },
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PracticeImportRefused);
    const problems = (error as PracticeImportRefused).problems.join('\n');
    expect(problems).toContain('practice "bright-smile" offers the paid reason "Teeth Whitening Consultation"');
    expect(problems).toContain('practice "verify-dental" offers the paid reason "Cosmetic Consultation"');
    expect(await ctx.db.query('select 1 from practices')).toEqual([]);
  });

  it('imports the demo practices into an empty database', async () => {
    expect(await importDemoPracticesIfEmpty(ctx.db)).toEqual([
      'bright-smile',
      'smile-group',
      'verify-dental',
      'closed-dental',
      'lakeside-dental',
      'two-zones-dental',
    ]);
    const practices = await ctx.db.query<{
      form_url: string;
      is_accepting_patients: boolean;
      to_verify_patient: boolean;
      clinic_set_up: boolean;
    }>('select form_url, is_accepting_patients, to_verify_patient, clinic_set_up from practices order by form_url');
    expect(practices).toEqual([
      { form_url: 'bright-smile', is_accepting_patients: true, to_verify_patient: false, clinic_set_up: false },
      { form_url: 'closed-dental', is_accepting_patients: false, to_verify_patient: false, clinic_set_up: false },
      { form_url: 'lakeside-dental', is_accepting_patients: true, to_verify_patient: false, clinic_set_up: false },
      { form_url: 'smile-group', is_accepting_patients: true, to_verify_patient: false, clinic_set_up: true },
      { form_url: 'two-zones-dental', is_accepting_patients: true, to_verify_patient: false, clinic_set_up: true },
      { form_url: 'verify-dental', is_accepting_patients: true, to_verify_patient: true, clinic_set_up: false },
    ]);
  });

  it('gives every demo provider a weekday schedule, so the demo always has slots', async () => {
    const unscheduled = await ctx.db.query(
      `select p.pms_prov_num from providers p
        where not exists (select 1 from schedules s
                           where s.practice_id = p.practice_id and s.pms_prov_num = p.pms_prov_num
                             and s.weekdays @> '{1,2,3,4,5}')`,
    );
    expect(unscheduled).toEqual([]);
  });

  it('does nothing once a practice exists', async () => {
    const before = await ctx.db.query('select id, updated_at from practices order by id');
    expect(await importDemoPracticesIfEmpty(ctx.db)).toBeNull();
    expect(await ctx.db.query('select id, updated_at from practices order by id')).toEqual(before);
  });
});
