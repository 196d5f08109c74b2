import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { APPOINTMENT_EXPORT_COLUMNS, StaffSearchResultSchema } from '#domain/staff/staff-inbox-schemas.ts';
import { bookExam } from '../../../test/booking-requests.ts';
import { practiceConfig } from '../../../test/practice-factory.ts';
import type { StaffClient } from '../../../test/staff-factory.ts';
import { withPracticesApp, withSignedInStaff } from '../../../test/staff-test-app.ts';
import { fixedClock } from '../../../test/test-app.ts';
import { forceStatusForTest } from '../../../test/status-fixture.ts';

// The console's search and CSV export (ADR 0038). Practice A's staff search and export; practice B
// has patients of its own, whose names, contacts and references A's staff must never find.
const clock = fixedClock('2026-03-02T12:00:00Z');
const booked: Record<string, { id: string; reference: string }> = {};

async function book(name: string, formUrl: string, overrides: Record<string, unknown>) {
  const id = await bookExam(ctx, ctx.ids[formUrl]!, overrides);
  const [row] = await ctx.db.query<{ reference: string }>('select reference from appointments where id = $1', [id]);
  booked[name] = { id, reference: row!.reference };
}

const ctx = withPracticesApp(
  [practiceConfig(), practiceConfig({ form_url: 'other-practice', name: 'Other Practice' })],
  { clock },
);
const owner = withSignedInStaff(ctx, 'owner');
const desk = withSignedInStaff(ctx);
const ownerB = withSignedInStaff(ctx, 'owner', ({ ids }) => [ids['other-practice']!]);
beforeAll(async () => {
  await book('jose', 'test-practice', {
    first_name: 'José',
    last_name: 'Muñoz',
    dob: '1985-07-01',
    email: 'Jose.Munoz@Example.com',
    wireless_phone: '+15125550111',
    apt_date: '2026-03-03',
    start_time: '09:00:00',
    end_time: '09:30:00',
    utm_details: { utm_source: 'mailing', utm_campaign: 'spring' },
    source_meta: null,
  });
  await book('anaEarly', 'test-practice', {
    apt_date: '2026-03-04',
    start_time: '10:00:00',
    end_time: '10:30:00',
    message: '=HYPERLINK("http://evil.example","click")',
  });
  await book('anaLate', 'test-practice', {
    apt_date: '2026-03-05',
    start_time: '10:00:00',
    end_time: '10:30:00',
    patient_status: 'Returning Patient',
    message: '+1 call me',
  });
  await book('outOfRange', 'test-practice', {
    first_name: 'Rita',
    last_name: 'Later',
    apt_date: '2026-03-16',
    start_time: '09:00:00',
    end_time: '09:30:00',
    message: '-2 days',
  });
  await book('formula', 'test-practice', {
    first_name: 'Fred',
    last_name: 'Formula',
    apt_date: '2026-03-04',
    start_time: '14:00:00',
    end_time: '14:30:00',
    message: '@SUM(A1:A9)',
  });
  // The booking form allows no "=" in a name; a name from elsewhere (a practice system) may hold
  // anything, and the export must not let a spreadsheet run it.
  await ctx.db.query(
    `update patients set first_name = '=HYPERLINK("http://evil.example")', last_name = '+1' where id = (select
       patient_id from appointments where id = $1)`,
    [booked.formula!.id],
  );
  // A payment hold that ran out was never an appointment: neither found nor exported.
  await book('expiredHold', 'test-practice', {
    first_name: 'Ella',
    last_name: 'Expired',
    apt_date: '2026-03-04',
    start_time: '15:00:00',
    end_time: '15:30:00',
  });
  await forceStatusForTest(ctx.db, booked.expiredHold!.id, 'expired');
  await book('bianca', 'other-practice', {
    first_name: 'Bianca',
    last_name: 'Secreta',
    email: 'bianca@b.example',
    wireless_phone: '+15125550999',
    apt_date: '2026-03-04',
    start_time: '11:00:00',
    end_time: '11:30:00',
  });
});

async function search(client: StaffClient, q: string) {
  const response = await client.get(`/api/v1/staff/search?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return StaffSearchResultSchema.parse(response.json().result);
}
const idsOf = (result: { appointments: { id: string }[] }) => result.appointments.map((a) => a.id);

describe('search', () => {
  it('finds a patient by first name, last name or both, whatever the case and accents', async () => {
    for (const q of ['José', 'jose', 'MUNOZ', 'muñoz', 'jose munoz', 'Muñoz José']) {
      const result = await search(desk, q);
      expect(idsOf(result), q).toEqual([booked.jose!.id]);
      expect(result.kind).toBe('name');
    }
    const [jose] = (await search(desk, 'munoz')).appointments;
    expect(jose).toMatchObject({
      reference: booked.jose!.reference,
      status: 'booked',
      apt_date: '2026-03-03',
      start_time: '09:00:00',
      end_time: '09:30:00',
      starts_at: '2026-03-03T14:00:00.000Z',
      payment: 'not_required',
      pms_write: null,
      booked_by_staff: false,
      reason: { name: 'Exam' },
      patient: { first_name: 'José', last_name: 'Muñoz', is_new: true },
    });
  });

  it('does not find a payment hold that ran out', async () => {
    expect(idsOf(await search(desk, 'Expired'))).toEqual([]);
  });

  it('lists the newest visit first', async () => {
    expect(idsOf(await search(desk, 'lopez'))).toEqual([booked.anaLate!.id, booked.anaEarly!.id]);
  });

  it('finds by phone in any formatting, by e-mail in any case, and by reference in any case', async () => {
    for (const q of ['(512) 555-0111', '512.555.0111', '+1 512 555 0111', '5550111']) {
      const result = await search(desk, q);
      expect(result.kind, q).toBe('phone');
      expect(idsOf(result), q).toEqual([booked.jose!.id]);
    }
    const email = await search(desk, 'JOSE.MUNOZ@example.COM');
    expect([email.kind, idsOf(email)]).toEqual(['email', [booked.jose!.id]]);
    const reference = await search(desk, booked.anaEarly!.reference.toLowerCase());
    expect(idsOf(reference)).toEqual([booked.anaEarly!.id]);
  });

  it('takes % and _ as themselves, not as wildcards', async () => {
    expect(idsOf(await search(desk, '%%'))).toEqual([]);
    expect(idsOf(await search(desk, '__'))).toEqual([]);
    expect(idsOf(await search(desk, 'lo%z'))).toEqual([]);
  });

  it('refuses a query shorter than 2 characters with a 400', async () => {
    expect((await desk.get('/api/v1/staff/search?q=a')).statusCode).toBe(400);
    expect((await desk.get('/api/v1/staff/search?q=%20a%20')).statusCode).toBe(400);
    expect((await desk.get('/api/v1/staff/search')).statusCode).toBe(400);
  });

  it('writes an audit row per search with the query’s kind and the ids shown, not the text typed', async () => {
    await search(desk, '(512) 555-0111');
    const [row] = await ctx.db.query<{ action: string; details: Record<string, unknown> }>(
      `select action, details from staff_audit where action = 'search' order by id desc limit 1`,
    );
    expect(row!.details).toEqual({ kind: 'phone', length: 14, results: 1, appointment_ids: [booked.jose!.id] });
    expect(JSON.stringify(row!.details)).not.toContain('555');
  });

  it('never finds another practice’s patients by name, phone, e-mail or reference', async () => {
    for (const q of ['Bianca', 'secreta', '512-555-0999', 'bianca@b.example', booked.bianca!.reference]) {
      expect(idsOf(await search(desk, q)), q).toEqual([]);
    }
    // Practice B's staff does find them.
    expect(idsOf(await search(ownerB, 'Bianca'))).toEqual([booked.bianca!.id]);
    expect(idsOf(await search(ownerB, 'lopez'))).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/staff/search?q=lopez' })).statusCode).toBe(401);
  });
});

/** The CSV's rows as cells (the test data has no commas or quotes inside a cell but the formula ones). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split('\r\n').filter(Boolean)) {
    const cells: string[] = [];
    for (const match of line.matchAll(/("((?:[^"]|"")*)"|[^,]*)(,|$)/g)) {
      cells.push(match[2] !== undefined ? match[2].replaceAll('""', '"') : match[1]!);
      if (match[3] === '') break;
    }
    rows.push(cells);
  }
  return rows;
}

describe('CSV export', () => {
  const url = '/api/v1/staff/appointments/export.csv?from=2026-03-03&to=2026-03-05';

  it('gives the owner one row per appointment of the range, as an attachment, with an audit row', async () => {
    const response = await owner.get(url);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="appointments-test-practice-2026-03-03-2026-03-05.csv"',
    );
    expect(response.headers['cache-control']).toBe('no-store');
    const [header, ...rows] = parseCsv(response.body);
    expect(header).toEqual([...APPOINTMENT_EXPORT_COLUMNS]);
    const byReference = new Map(
      rows.map((row) => [row[0], Object.fromEntries(header!.map((column, i) => [column, row[i]]))]),
    );
    expect([...byReference.keys()].sort()).toEqual(
      [booked.jose!, booked.anaEarly!, booked.formula!, booked.anaLate!].map((b) => b.reference).sort(),
    );
    expect(rows.map((row) => row[1])).toEqual(['2026-03-03', '2026-03-04', '2026-03-04', '2026-03-05']);
    expect(byReference.get(booked.jose!.reference)).toEqual({
      reference: booked.jose!.reference,
      date: '2026-03-03',
      start: '09:00:00',
      end: '09:30:00',
      status: 'booked',
      payment: 'not_required',
      reason: 'Exam',
      provider: 'Dr. One',
      chair: 'Chair 1',
      clinic: '',
      patient_first_name: 'José',
      patient_last_name: 'Muñoz',
      dob: '1985-07-01',
      email: 'jose.munoz@example.com',
      // The one format the console and e-mails show (ADR 0067); it starts with no formula sign.
      phone: '(512) 555-0111',
      new_or_returning: 'new',
      message: 'First visit',
      source: 'mailing',
      campaign: 'spring',
      insurance: '',
      language: 'en',
      cancel_reason: '',
      time_zone: 'America/New_York',
    });
    expect(byReference.get(booked.anaLate!.reference)).toMatchObject({
      new_or_returning: 'returning',
      source: 'google',
      campaign: '',
    });

    const [audit] = await ctx.db.query<{ details: Record<string, unknown>; account_email: string }>(
      `select details, account_email from staff_audit where action = 'export' order by id desc limit 1`,
    );
    expect(audit!.details).toEqual({ from: '2026-03-03', to: '2026-03-05', rows: 4 });
  });

  it('escapes every cell a spreadsheet would run as a formula', async () => {
    const rows = parseCsv((await owner.get(url)).body);
    const cells = rows.flat();
    expect(cells).toContain(`'=HYPERLINK("http://evil.example")`);
    expect(cells).toContain(`'=HYPERLINK("http://evil.example","click")`);
    expect(cells).toContain("'+1");
    expect(cells).toContain("'+1 call me");
    expect(cells).toContain("'@SUM(A1:A9)");
    const outOfRange = parseCsv(
      (await owner.get('/api/v1/staff/appointments/export.csv?from=2026-03-16&to=2026-03-16')).body,
    );
    expect(outOfRange[1]).toContain("'-2 days");
    // No cell of any export starts with a formula character unescaped.
    expect([...cells, ...outOfRange.flat()].filter((cell) => /^[=+\-@]/.test(cell))).toEqual([]);
  });

  it('refuses the front desk (403) and a caller without a session (401)', async () => {
    const forbidden = await desk.get(url);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().code).toBe('FORBIDDEN');
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });

  it('refuses a range over 366 days, backwards, or without dates (400)', async () => {
    expect((await owner.get('/api/v1/staff/appointments/export.csv?from=2026-01-01&to=2027-01-02')).statusCode).toBe(
      400,
    );
    expect((await owner.get('/api/v1/staff/appointments/export.csv?from=2026-03-05&to=2026-03-03')).statusCode).toBe(
      400,
    );
    expect((await owner.get('/api/v1/staff/appointments/export.csv?from=2026-03-05')).statusCode).toBe(400);
    expect((await owner.get('/api/v1/staff/appointments/export.csv?from=2026-01-01&to=2026-12-31')).statusCode).toBe(
      200,
    );
  });

  it('never holds another practice’s appointments, and theirs holds none of ours', async () => {
    const ours = (await owner.get(url)).body;
    expect(ours).not.toContain(booked.bianca!.reference);
    expect(ours).not.toContain('Bianca');
    const theirs = await ownerB.get(url);
    expect(theirs.headers['content-disposition']).toContain('appointments-other-practice-');
    const [, ...rows] = parseCsv(theirs.body);
    expect(rows.map((row) => row[0])).toEqual([booked.bianca!.reference]);
  });

  it('is a static path that a parameter route beside it (`/appointments/:id`) never takes', async () => {
    // The schedule's detail route lives in the same plugin; Fastify's router prefers a static
    // segment to a parameter whatever the order they were registered in.
    const router = Fastify();
    router.get('/appointments/:id', async (request) => ({ detail: (request.params as { id: string }).id }));
    router.get('/appointments/export.csv', async () => 'csv');
    expect((await router.inject({ url: '/appointments/export.csv' })).body).toBe('csv');
    expect((await router.inject({ url: '/appointments/1234' })).json()).toEqual({ detail: '1234' });
    await router.close();
    // And in the real app, with whatever routes the staff plugin has now.
    expect((await owner.get(url)).headers['content-type']).toBe('text/csv; charset=utf-8');
  });
});
