import { describe, expect, it } from 'vitest';
import { parsePracticeConfigFile } from '#domain/practice/practice-config-schema.ts';
import { bookVisit, getSlots } from '../../test/booking-requests.ts';
import { practiceConfig } from '../../test/practice-factory.ts';
import type { StaffClient } from '../../test/staff-factory.ts';
import { withPracticesApp, withSignedInStaff } from '../../test/staff-test-app.ts';
import { fixedClock } from '../../test/test-app.ts';
import { importPracticeConfig } from '../practices/practice-import.ts';
import { PracticeFileOutdated } from '../practices/practice-settings-versions.ts';

// Settings from the console (ADR 0079). Monday 2 March 2026, 07:00 in New York; Dr. One in chair 1 and
// Dr. Two in chair 2, weekdays 09:00-17:00 with lunch, 30-minute slots.
const clock = fixedClock('2026-03-02T12:00:00Z');
const ctx = withPracticesApp(
  [
    practiceConfig({ closures: [{ date: '2025-12-25', name: 'Christmas Day', yearly: true }] }),
    practiceConfig({ form_url: 'on-open-dental', name: 'OD', pms: { type: 'opendental', customer_key: 'secret-k' } }),
  ],
  { clock },
);
const owner = withSignedInStaff(ctx, 'owner');
const desk = withSignedInStaff(ctx, 'front_desk');
const odOwner = withSignedInStaff(ctx, 'owner', ({ ids }) => [ids['on-open-dental']!]);

type Practice = Record<string, unknown> & { reasons: Record<string, unknown>[]; closures: unknown[] };
const STAFF = '/api/v1/staff';

async function current(client: StaffClient = owner): Promise<{ version: number; practice: Practice }> {
  const response = await client.get(`${STAFF}/settings`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}
const save = (client: StaffClient, body: Record<string, unknown>) =>
  client.request({ method: 'PUT', url: `${STAFF}/settings`, payload: body });

/** Reads the settings, changes them with `edit`, and saves them as the console does. */
async function edit(client: StaffClient, change: (practice: Practice) => void, extra: Record<string, unknown> = {}) {
  const { version, practice } = await current();
  change(practice);
  return save(client, { version, practice, ...extra });
}

async function offered(date: string): Promise<string[]> {
  const { status, body } = await getSlots(ctx.app, {
    practice_id: ctx.practiceId,
    reason_for_visit_id: ctx.examId,
    start_date: date,
    end_date: date,
    pms_prov_num: 0,
  });
  expect(status).toBe(200);
  return (body.result as { DateTimeStart: string }[]).map((s) => s.DateTimeStart.slice(11, 16));
}

/** Books the factory's patient for an exam then (the factory body's provider and chair unless `who` names others). */
const bookExamAt = (date: string, start: string, end: string, who: Record<string, number> = {}) =>
  bookVisit(ctx.app, {
    practiceId: ctx.practiceId,
    reasonId: ctx.examId,
    apt_date: date,
    start_time: start,
    end_time: end,
    ...who,
  });

describe('GET /staff/settings and export', () => {
  it('answers the practice in the file’s shape at version 0, without the Open Dental key', async () => {
    const { version, practice } = await current();
    expect(version).toBe(0);
    expect(practice).toMatchObject({
      form_url: 'test-practice',
      server_tz: 'America/New_York',
      pms: { type: 'builtin' },
    });
    expect(practice.reasons).toMatchObject([{ name: 'Exam', final_duration: 30, is_active: true }]);
    const od = await current(odOwner);
    expect(od.practice.pms).toEqual({ type: 'opendental' });
    expect(JSON.stringify(od.practice)).not.toContain('secret-k');
  });

  it('exports a practice file that imports again without changing anything, the Open Dental key kept', async () => {
    for (const client of [owner, odOwner]) {
      const exported = (await client.get(`${STAFF}/settings/export`)).json().result;
      expect(JSON.stringify(exported)).not.toContain('secret-k');
      const parsed = parsePracticeConfigFile(exported);
      if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
      const before = await current(client);
      const [summary] = await importPracticeConfig(ctx.db, parsed.value);
      expect(summary).toMatchObject({ created: false, changed: 0, version: before.version });
      expect(await current(client)).toEqual(before);
    }
    const [od] = await ctx.db.query<{ pms: unknown }>("select pms from practices where form_url = 'on-open-dental'");
    expect(od!.pms).toEqual({ type: 'opendental', customer_key: 'secret-k' });
  });
});

describe('PUT /staff/settings', () => {
  it('saves an owner’s change as the next version, with its history and a practice event', async () => {
    const response = await edit(owner, (p) => {
      p.reasons[0]!.final_duration = 60;
      p.name = 'Renamed Practice';
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result).toEqual({
      version: 1,
      changes: [
        { path: 'name', before: 'Test Practice', after: 'Renamed Practice' },
        { path: 'reasons[0].final_duration', before: 30, after: 60 },
      ],
    });
    expect((await current()).practice).toMatchObject({ name: 'Renamed Practice', reasons: [{ final_duration: 60 }] });
    const history = (await owner.get(`${STAFF}/settings/history`)).json().result;
    expect(history[0]).toMatchObject({ by: owner.email, version: 1, at: '2026-03-02T12:00:00.000Z' });
    expect(history[0].changes.map((c: { path: string }) => c.path)).toEqual(['name', 'reasons[0].final_duration']);
    const events = await ctx.db.query<{ after: unknown }>(
      "select after from booking_events where practice_id = $1 and type = 'practice.changed'",
      [ctx.practiceId],
    );
    expect(events.map((e) => e.after)).toEqual([{ version: 1, paths: ['name', 'reasons[0].final_duration'] }]);
  });

  it('refuses a save from an older version with VERSION_CONFLICT, changing nothing', async () => {
    const { version, practice } = await current();
    const response = await save(owner, { version: version - 1, practice: { ...practice, name: 'Stale' } });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'VERSION_CONFLICT' });
    expect((await current()).practice.name).toBe('Renamed Practice');
  });

  it('answers 422 with the importer’s own messages keyed by the file’s JSON paths', async () => {
    const response = await edit(owner, (p) => {
      p.reasons[0]!.final_duration = 0;
      p.closures = [{ date: '2026-03-10', name: 'Half day', start: '13:00' }];
    });
    expect(response.statusCode).toBe(422);
    const { practice } = await current();
    const file = parsePracticeConfigFile({
      practices: [{ ...practice, reasons: [{ ...practice.reasons[0], final_duration: 0 }] }],
    });
    expect(file.ok ? [] : file.problems).toEqual([
      'practices[0].reasons[0].final_duration: must be a positive whole number of minutes',
    ]);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { 'reasons[0].final_duration': 'must be a positive whole number of minutes' },
    });
    const rules = await edit(owner, (p) => {
      p.closures = [{ date: '2026-03-10', name: 'Half day', start: '13:00' }];
    });
    expect(rules.json().fields).toEqual({ 'closures[0].end': 'is required when start is given' });
  });

  it('lets a front desk change closures and time off, and nothing else (403)', async () => {
    const off = await edit(desk, (p) => {
      p.time_off = [{ pms_prov_num: 2, start: '2026-03-16T00:00', end: '2026-03-21T00:00' }];
    });
    expect(off.statusCode, off.body).toBe(200);
    const reason = await edit(desk, (p) => {
      p.reasons[0]!.final_duration = 45;
    });
    expect(reason.statusCode).toBe(403);
    expect((await desk.get(`${STAFF}/settings/history`)).statusCode).toBe(403);
    expect((await desk.get(`${STAFF}/settings/export`)).statusCode).toBe(403);
  });
});

describe('part-day closures and stranded bookings', () => {
  it('closes an afternoon in the slots at once, and names the bookings it would strand until confirmed', async () => {
    expect(await offered('2026-03-04')).toContain('14:00');
    const id = await bookExamAt('2026-03-04', '15:00:00', '16:00:00');
    const closeAfternoon = (p: Practice) => {
      p.closures = [...p.closures, { date: '2026-03-04', name: 'Staff training', start: '13:00', end: '17:00' }];
    };
    const refused = await edit(owner, closeAfternoon);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'STRANDS_BOOKINGS',
      stranded: [{ id, apt_date: '2026-03-04', start_time: '15:00', patient_name: 'Ana Lopez' }],
    });
    expect(refused.json().stranded[0].reference).toMatch(/^[A-Z0-9]{7}$/);
    expect(await offered('2026-03-04')).toContain('14:00');

    const saved = await edit(owner, closeAfternoon, { confirm_stranded: true });
    expect(saved.statusCode, saved.body).toBe(200);
    const day = await offered('2026-03-04');
    expect(day.filter((t) => t >= '13:00')).toEqual([]);
    expect(day).toContain('09:00');
    const [booking] = await ctx.db.query<{ status: string }>('select status from appointments where id = $1', [id]);
    expect(booking!.status).toBe('booked');
  });

  it('previews a day under unsaved settings without saving them', async () => {
    const { version, practice } = await current();
    practice.closures = [
      ...practice.closures,
      { date: '2026-03-05', name: 'Late start', start: '09:00', end: '11:00' },
    ];
    const response = await owner.post(`${STAFF}/settings/preview`, { practice, date: '2026-03-05' });
    expect(response.statusCode, response.body).toBe(200);
    const starts = (response.json().result as { DateTimeStart: string }[]).map((s) => s.DateTimeStart.slice(11, 16));
    expect(starts[0]).toBe('11:00');
    expect((await offered('2026-03-05'))[0]).toBe('09:00');
    expect((await current()).version).toBe(version);
  });
});

describe('yearly closures (ADR 0084)', () => {
  it('closes the day in this year too, and is exported and read back as yearly', async () => {
    expect(await offered('2026-03-06')).toContain('09:00');
    const saved = await edit(owner, (p) => {
      p.closures = [...p.closures, { date: '2025-03-06', name: 'Founders day', yearly: true }];
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await offered('2026-03-06')).toEqual([]);
    expect((await current()).practice.closures).toContainEqual({
      date: '2025-03-06',
      name: 'Founders day',
      yearly: true,
    });
    const exported = (await owner.get(`${STAFF}/settings/export`)).json().result;
    expect(exported.practices[0].closures).toContainEqual({ date: '2025-12-25', name: 'Christmas Day', yearly: true });
  });

  it('names the bookings a yearly part-day closure would strand this year', async () => {
    const id = await bookExamAt('2026-03-09', '10:00:00', '11:00:00');
    const closeMorning = (p: Practice) => {
      p.closures = [
        ...p.closures,
        { date: '2024-03-09', name: 'Late start', start: '09:00', end: '12:00', yearly: true },
      ];
    };
    const refused = await edit(owner, closeMorning);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'STRANDS_BOOKINGS', stranded: [{ id, apt_date: '2026-03-09' }] });
    expect((await edit(owner, closeMorning, { confirm_stranded: true })).statusCode).toBe(200);
    // Lunch is 12:00-13:00: the morning's closure leaves the afternoon.
    expect((await offered('2026-03-09'))[0]).toBe('13:00');
  });

  it('refuses a yearly 29 February with the importer’s message', async () => {
    const response = await edit(owner, (p) => {
      p.closures = [...p.closures, { date: '2028-02-29', name: 'Leap day', yearly: true }];
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toMatchObject({
      [`closures[${(await current()).practice.closures.length}].date`]:
        'cannot repeat yearly on 29 February: choose 28 February or 1 March',
    });
  });
});

describe("a provider's active flag (ADR 0084)", () => {
  const providersOfExam = async () => {
    const response = await ctx.app.inject({ url: `/api/v1/reason-for-visit?practice_id=${ctx.practiceId}` });
    const exam = (response.json().result as { name: string; providers: { pms_prov_num: number }[] }[])[0]!;
    return exam.providers.map((p) => p.pms_prov_num);
  };
  const switchOffDrTwo = (p: Practice) => {
    p.providers = (p.providers as { pms_prov_num: number }[]).map((provider) =>
      provider.pms_prov_num === 2 ? { ...provider, is_active: false } : provider,
    );
  };

  it('hides a switched-off provider from the provider step and slots, after naming the bookings ahead', async () => {
    expect(await providersOfExam()).toEqual([1, 2]);
    const id = await bookExamAt('2026-03-10', '09:00:00', '10:00:00', { pms_prov_num: 2, pms_op_num: 2 });
    const refused = await edit(owner, switchOffDrTwo);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'STRANDS_BOOKINGS', stranded: [{ id }] });
    expect((await edit(owner, switchOffDrTwo, { confirm_stranded: true })).statusCode).toBe(200);

    expect(await providersOfExam()).toEqual([1]);
    const drTwo = await getSlots(ctx.app, {
      practice_id: ctx.practiceId,
      reason_for_visit_id: ctx.examId,
      start_date: '2026-03-11',
      end_date: '2026-03-11',
      pms_prov_num: 2,
    });
    expect(drTwo.body.result).toEqual([]);
    const [booking] = await ctx.db.query<{ status: string }>('select status from appointments where id = $1', [id]);
    expect(booking!.status).toBe('booked');
  });

  it('keeps the switched-off provider in the settings and the export, which imports again unchanged', async () => {
    const { practice } = await current();
    expect(practice.providers).toContainEqual(expect.objectContaining({ pms_prov_num: 2, is_active: false }));
    const exported = (await owner.get(`${STAFF}/settings/export`)).json().result;
    const parsed = parsePracticeConfigFile(exported);
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
    const [summary] = await importPracticeConfig(ctx.db, parsed.value);
    expect(summary).toMatchObject({ changed: 0 });
    expect(await providersOfExam()).toEqual([1]);
  });
});

describe('practice:import against the console’s versions', () => {
  it('refuses an older file that would change settings, naming them, unless forced', async () => {
    const { version } = await current();
    const older = parsePracticeConfigFile({ practices: [practiceConfig({ name: 'From an old file' })] });
    if (!older.ok) throw new Error(older.problems.join('\n'));
    const error = await importPracticeConfig(ctx.db, older.value).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PracticeFileOutdated);
    expect((error as PracticeFileOutdated).changes.map((c) => c.path)).toContain('name');
    expect((error as Error).message).toContain(`the file is version 0, the database is at version ${version}`);
    expect((await current()).practice.name).toBe('Renamed Practice');

    const [forced] = await importPracticeConfig(ctx.db, older.value, { force: true });
    expect(forced).toMatchObject({ version: version + 1 });
    expect((await current()).practice.name).toBe('From an old file');
  });

  it('refuses a new Open Dental practice without its key: there is none stored to keep', async () => {
    const file = parsePracticeConfigFile({
      practices: [practiceConfig({ form_url: 'new-od', pms: { type: 'opendental' } })],
    });
    if (!file.ok) throw new Error(file.problems.join('\n'));
    await expect(importPracticeConfig(ctx.db, file.value)).rejects.toThrow(
      'practice "new-od": pms.customer_key is required for a new Open Dental practice',
    );
    expect(await ctx.db.query("select 1 from practices where form_url = 'new-od'")).toEqual([]);
  });
});
