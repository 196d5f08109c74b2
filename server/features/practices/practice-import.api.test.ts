import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePracticeConfigFile, type PracticeConfigFile } from '#domain/practice/practice-config-schema.ts';
import { withTestDatabase } from '../../test/test-app.ts';
import { findStoredPracticeProblems } from './practice-deployment-check.ts';
import { importPracticeConfig, PracticeImportRefused, readPracticeConfigFile } from './practice-import.ts';

const ctx = withTestDatabase();

type Json = Record<string, unknown>;

/** Dr. Ruiz in South's chair 1, Monday, Wednesday and Friday with lunch: kept by the changed file too. */
const RUIZ_SOUTH_SCHEDULE = {
  pms_prov_num: 7,
  pms_op_num: 1,
  pms_clinic_num: 1,
  weekdays: [5, 1, 3],
  start: '09:00',
  end: '17:00',
  breaks: [{ start: '12:00', end: '13:00' }],
};

function practiceJson(formUrl: string, overrides: Json = {}): Json {
  return {
    form_url: formUrl,
    name: 'Lakeside Dental',
    server_tz: 'America/Chicago',
    clinic_set_up: true,
    insurances: [{ insuranceName: 'Delta Dental', inNetwork: true }],
    optional_insurance_fields: ['groupNumber'],
    form_customization: { brand_color: '#112233', button_color_1: '#445566', button_color_2: '#778899' },
    pms: { type: 'builtin' },
    clinics: [
      { pms_clinic_num: 2, display_name: 'North' },
      { pms_clinic_num: 1, display_name: 'South' },
    ],
    providers: [
      { pms_prov_num: 7, provider_display_name: 'Dr. Ana Ruiz' },
      { pms_prov_num: 8, provider_display_name: 'Dr. Ben Carter' },
    ],
    operatories: [
      { pms_op_num: 1, name: 'Chair 1', pms_clinic_num: 1 },
      { pms_op_num: 2, name: 'Chair 2', pms_clinic_num: 2 },
    ],
    reasons: [
      { name: 'Exam', final_duration: 60, to_show_providers: true, providers: [7, 8], clinics: [1] },
      { name: 'Whitening', final_duration: 30, amount: 75.5, is_payment_enabled: true },
    ],
    schedules: [
      RUIZ_SOUTH_SCHEDULE,
      { pms_prov_num: 8, pms_op_num: 2, pms_clinic_num: 2, weekdays: [2, 4], start: '08:30', end: '24:00' },
    ],
    closures: [{ date: '2026-12-25', name: 'Christmas Day' }],
    time_off: [{ pms_prov_num: 7, start: '2026-12-01T08:00', end: '2026-12-03T00:00' }],
    ...overrides,
  };
}

function configFile(...practices: Json[]): PracticeConfigFile {
  const result = parsePracticeConfigFile({ practices });
  if (!result.ok) throw new Error(result.problems.join('\n'));
  return result.value;
}

/** Every stored row of one practice, ids and timestamps included. */
async function snapshot(formUrl: string) {
  const [practice] = await ctx.db.query<{ id: string }>('select * from practices where form_url = $1', [formUrl]);
  const id = practice!.id;
  const rows = (table: string) => ctx.db.query(`select * from ${table} where practice_id = $1 order by id`, [id]);
  const links = (table: string) =>
    ctx.db.query(
      `select l.* from ${table} l join reasons_for_visit r on r.id = l.reason_id where r.practice_id = $1 order
         by 1, 2`,
      [id],
    );
  return {
    practice,
    clinics: await rows('clinics'),
    providers: await rows('providers'),
    operatories: await rows('operatories'),
    reasons: await rows('reasons_for_visit'),
    reasonProviders: await links('reason_providers'),
    reasonClinics: await links('reason_clinics'),
    schedules: await rows('schedules'),
    closures: await rows('closures'),
    timeOff: await rows('provider_time_off'),
  };
}

describe('importPracticeConfig', () => {
  it('creates a practice with everything the file lists', async () => {
    const summary = await importPracticeConfig(ctx.db, configFile(practiceJson('lakeside')));
    expect(summary).toEqual([
      { form_url: 'lakeside', practice_id: expect.any(String), created: true, version: 0, changed: 0 },
    ]);

    const stored = await snapshot('lakeside');
    expect(stored.practice).toMatchObject({
      name: 'Lakeside Dental',
      server_tz: 'America/Chicago',
      optional_insurance_fields: ['groupNumber'],
      insurances: [{ insuranceName: 'Delta Dental', inNetwork: true }],
      form_customization: { brand_color: '#112233', button_color_1: '#445566', button_color_2: '#778899' },
      pms: { type: 'builtin' },
      slot_interval_minutes: 15,
    });
    // sort_order follows the file, not the numbers.
    expect(stored.clinics.map((c) => [c.pms_clinic_num, c.sort_order, c.is_active])).toEqual(
      expect.arrayContaining([
        [2, 0, true],
        [1, 1, true],
      ]),
    );
    expect(stored.reasons.map((r) => [r.name, r.amount_cents, r.is_payment_enabled, r.sort_order])).toEqual(
      expect.arrayContaining([
        ['Exam', 0, false, 0],
        ['Whitening', 7550, true, 1],
      ]),
    );
    const examId = stored.reasons.find((r) => r.name === 'Exam')!.id;
    expect(stored.reasonProviders).toEqual([7, 8].map((n) => ({ reason_id: examId, pms_prov_num: n })));
    expect(stored.reasonClinics).toEqual([{ reason_id: examId, pms_clinic_num: 1 }]);
    expect(stored.schedules.map((s) => [s.pms_prov_num, s.weekdays, s.start_time, s.end_time, s.breaks])).toEqual(
      expect.arrayContaining([
        [7, [1, 3, 5], '09:00:00', '17:00:00', [{ start: '12:00', end: '13:00' }]],
        [8, [2, 4], '08:30:00', '24:00:00', []],
      ]),
    );
    expect(stored.closures).toMatchObject([{ date: '2026-12-25', name: 'Christmas Day' }]);
    expect(stored.timeOff).toMatchObject([
      { pms_prov_num: 7, starts_at: '2026-12-01 08:00:00', ends_at: '2026-12-03 00:00:00' },
    ]);
  });

  it('stores the Open Dental staleness limit the file gives, and the default of 15 minutes without it', async () => {
    const limit = async () => (await snapshot('stale-limit')).practice as { opendental_stale_after_minutes?: number };
    await importPracticeConfig(ctx.db, configFile(practiceJson('stale-limit', { opendental_stale_after_minutes: 30 })));
    expect((await limit()).opendental_stale_after_minutes).toBe(30);
    await importPracticeConfig(ctx.db, configFile(practiceJson('stale-limit')));
    expect((await limit()).opendental_stale_after_minutes).toBe(15);
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await snapshot('lakeside');
    const summary = await importPracticeConfig(ctx.db, configFile(practiceJson('lakeside')));
    expect(summary).toEqual([
      {
        form_url: 'lakeside',
        practice_id: (before.practice as { id: string }).id,
        created: false,
        version: 0,
        changed: 0,
      },
    ]);
    expect(await snapshot('lakeside')).toEqual(before);
  });

  it('updates to match a changed file, deactivating what it no longer lists', async () => {
    const before = await snapshot('lakeside');
    const changed = practiceJson('lakeside', {
      name: 'Lakeside Family Dental',
      clinics: [{ pms_clinic_num: 1, display_name: 'South Side' }],
      providers: [{ pms_prov_num: 7, provider_display_name: 'Dr. Ana Ruiz' }],
      operatories: [{ pms_op_num: 1, name: 'Chair 1', pms_clinic_num: 1 }],
      reasons: [
        { name: 'Exam', final_duration: 45, to_show_providers: true, providers: [7], clinics: [] },
        { name: 'Cleaning' },
      ],
      schedules: [RUIZ_SOUTH_SCHEDULE],
      closures: [{ date: '2026-12-25', name: 'Closed for Christmas' }],
      time_off: [],
    });
    await importPracticeConfig(ctx.db, configFile(changed));
    const after = await snapshot('lakeside');

    expect(after.practice).toMatchObject({
      id: (before.practice as { id: string }).id,
      name: 'Lakeside Family Dental',
    });
    const byKey = <T extends Record<string, unknown>>(rows: T[], key: string) =>
      Object.fromEntries(rows.map((r) => [String(r[key]), r]));
    const clinics = byKey(after.clinics, 'pms_clinic_num');
    expect(clinics['1']).toMatchObject({
      id: byKey(before.clinics, 'pms_clinic_num')['1']!.id,
      display_name: 'South Side',
      is_active: true,
      sort_order: 0,
    });
    expect(clinics['2']).toMatchObject({ id: byKey(before.clinics, 'pms_clinic_num')['2']!.id, is_active: false });
    expect(byKey(after.providers, 'pms_prov_num')['8']).toMatchObject({ is_active: false });
    expect(byKey(after.operatories, 'pms_op_num')['2']).toMatchObject({ is_active: false });

    const reasons = byKey(after.reasons, 'name');
    const examId = byKey(before.reasons, 'name')['Exam']!.id;
    expect(reasons['Exam']).toMatchObject({ id: examId, final_duration: 45, is_active: true });
    expect(reasons['Whitening']).toMatchObject({
      id: byKey(before.reasons, 'name')['Whitening']!.id,
      is_active: false,
    });
    expect(reasons['Cleaning']).toMatchObject({ is_active: true, sort_order: 1 });
    expect(after.reasonProviders).toEqual([{ reason_id: examId, pms_prov_num: 7 }]);
    expect(after.reasonClinics).toEqual([]);

    // The schedule the file kept keeps its row; the dropped one is gone.
    const keptSchedule = before.schedules.find((s) => s.pms_prov_num === 7)!;
    expect(after.schedules).toEqual([keptSchedule]);
    expect(after.closures).toMatchObject([{ date: '2026-12-25', name: 'Closed for Christmas' }]);
    expect(after.timeOff).toEqual([]);
  });

  it('reactivates rows that come back, with the ids they had', async () => {
    const before = await snapshot('lakeside');
    await importPracticeConfig(ctx.db, configFile(practiceJson('lakeside')));
    const after = await snapshot('lakeside');
    expect(after.providers.map((p) => [p.id, p.is_active])).toEqual(before.providers.map((p) => [p.id, true]));
    expect(after.reasons.find((r) => r.name === 'Whitening')).toMatchObject({ is_active: true, amount_cents: 7550 });
  });

  it('ignores not_offered: what practice:sync found stays out of the database until moved into a list', async () => {
    await importPracticeConfig(ctx.db, configFile(practiceJson('with-not-offered')));
    const before = await snapshot('with-not-offered');
    const notOffered = {
      providers: [{ pms_prov_num: 9, provider_display_name: 'Dr. Not Yet' }],
      operatories: [{ pms_op_num: 9, name: 'Op 9' }],
    };
    await importPracticeConfig(ctx.db, configFile(practiceJson('with-not-offered', { not_offered: notOffered })));
    expect(await snapshot('with-not-offered')).toEqual(before);
  });

  it('imports all practices of a file or none of them', async () => {
    const file = configFile(practiceJson('first-of-two'), practiceJson('second-of-two'));
    // A value only the database refuses, to make the second practice fail after the first was written.
    const broken = { practices: [file.practices[0]!, { ...file.practices[1]!, form_url: 'Not Valid' }] };
    await expect(importPracticeConfig(ctx.db, broken)).rejects.toThrow();
    const rows = await ctx.db.query('select form_url from practices where form_url in ($1, $2)', [
      'first-of-two',
      'Not Valid',
    ]);
    expect(rows).toEqual([]);
  });
});

describe('translations (ADR 0034)', () => {
  const translated = (overrides: Json = {}) =>
    practiceJson('translated', {
      description: 'Family dentistry.',
      translations: { es: { description: 'Odontología familiar.' } },
      clinics: [
        { pms_clinic_num: 2, display_name: 'North', translations: { es: { display_name: 'Norte' } } },
        { pms_clinic_num: 1, display_name: 'South' },
      ],
      reasons: [
        {
          name: 'Exam',
          final_duration: 60,
          to_show_providers: true,
          providers: [7, 8],
          clinics: [1],
          translations: { es: { name: 'Examen' } },
        },
        { name: 'Whitening', final_duration: 30, amount: 75.5, is_payment_enabled: true },
      ],
      ...overrides,
    });

  it("stores each owner's translations beside it, and none where the file gives none", async () => {
    await importPracticeConfig(ctx.db, configFile(translated()));
    const stored = await snapshot('translated');
    expect(stored.practice).toMatchObject({
      description: 'Family dentistry.',
      translations: { es: { description: 'Odontología familiar.' } },
    });
    expect(stored.clinics.map((c) => [c.pms_clinic_num, c.translations])).toEqual(
      expect.arrayContaining([
        [2, { es: { display_name: 'Norte' } }],
        [1, {}],
      ]),
    );
    expect(stored.reasons.map((r) => [r.name, r.translations])).toEqual(
      expect.arrayContaining([
        ['Exam', { es: { name: 'Examen' } }],
        ['Whitening', {}],
      ]),
    );
  });

  it('changes nothing when imported again, and follows a changed or removed translation', async () => {
    const before = await snapshot('translated');
    await importPracticeConfig(ctx.db, configFile(translated()));
    expect(await snapshot('translated')).toEqual(before);

    await importPracticeConfig(
      ctx.db,
      configFile(
        translated({
          translations: { es: { description: 'Dentistas para toda la familia.' } },
          reasons: [{ name: 'Exam', clinics: [1] }],
        }),
      ),
    );
    const after = await snapshot('translated');
    expect(after.practice).toMatchObject({ translations: { es: { description: 'Dentistas para toda la familia.' } } });
    expect(after.reasons.find((r) => r.name === 'Exam')).toMatchObject({
      id: before.reasons.find((r) => r.name === 'Exam')!.id,
      translations: {},
    });
  });

  it('reads a file with a bad language or field as problems with their paths, importing nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'practice-import-translations-'));
    try {
      const file = join(dir, 'practices.json');
      const bad = translated({
        form_url: 'bad-translations',
        translations: { de: { description: 'Zahnarzt.' }, es: { name: 'Odontología' } },
        reasons: [{ name: 'Exam', translations: { es: { title: 'Examen' } } }],
      });
      await writeFile(file, JSON.stringify({ practices: [bad] }));
      expect(await readPracticeConfigFile(file)).toEqual({
        ok: false,
        problems: [
          'practices[0].translations.es.name: unknown field',
          'practices[0].translations.de: is not a language of the patient side; translations can be given in es',
          'practices[0].reasons[0].translations.es.title: unknown field',
        ],
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a form_url the product uses for its own pages', () => {
  it('refuses the file as invalid, naming the form_url', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'practice-import-reserved-'));
    try {
      const file = join(dir, 'practices.json');
      await writeFile(
        file,
        JSON.stringify({ practices: [practiceJson('lakeside-reserved'), practiceJson('console')] }),
      );
      expect(await readPracticeConfigFile(file)).toEqual({
        ok: false,
        problems: [
          'practices[1].form_url: "console" is reserved for the product\'s own pages; choose another form_url',
        ],
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('a deployment without card payments (production without Stripe, ADR 0029)', () => {
  const noPayments = { texts: true, payments: false };
  const whiteningRefused =
    'practices[0].reasons[1].is_payment_enabled: practice "paid-without-stripe" offers the paid ' +
    'reason "Whitening", but this server takes no card payments';

  it('refuses to import a practice with a paid reason, naming practice and reason, and changes nothing', async () => {
    const error = await importPracticeConfig(ctx.db, configFile(practiceJson('paid-without-stripe')), {
      offers: noPayments,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PracticeImportRefused);
    expect((error as PracticeImportRefused).problems).toHaveLength(1);
    expect((error as PracticeImportRefused).problems[0]).toContain(whiteningRefused);
    expect(await ctx.db.query('select 1 from practices where form_url = $1', ['paid-without-stripe'])).toEqual([]);
  });

  it('imports a practice whose reasons are all free, and a paid one where payments are taken', async () => {
    const free = practiceJson('free-without-stripe', { reasons: [{ name: 'Exam', final_duration: 60 }] });
    await expect(importPracticeConfig(ctx.db, configFile(free), { offers: noPayments })).resolves.toMatchObject([
      { form_url: 'free-without-stripe', created: true },
    ]);
    await expect(
      importPracticeConfig(ctx.db, configFile(practiceJson('paid-with-stripe')), {
        offers: { texts: false, payments: true },
      }),
    ).resolves.toHaveLength(1);
  });

  it('finds stored practices with an active paid reason, so the server can refuse to start', async () => {
    const problems = await findStoredPracticeProblems(ctx.db, noPayments);
    expect(problems).toContain(
      'practice "paid-with-stripe" offers the paid reason "Whitening", but this server takes no card payments ' +
        '(STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set): configure Stripe, or turn ' +
        'is_payment_enabled off for this reason',
    );
    expect(problems.some((p) => p.includes('"free-without-stripe"'))).toBe(false);
    expect(await findStoredPracticeProblems(ctx.db, { texts: false, payments: true })).toEqual([]);
  });
});
