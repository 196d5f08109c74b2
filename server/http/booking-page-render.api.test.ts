import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { beforeEach, describe, expect, it } from 'vitest';
import { FIXTURE_WEB_DIR, fixedClock, withTestApp } from '../test/test-app.ts';
import { isPostgres } from '../test/test-database.ts';
import { importDemoPracticesIfEmpty } from '../features/practices/demo-practices.ts';
import { SLOT_CHANGES_CHANNEL } from '../db/slot-change-notices.ts';
import { bookingBody } from '../test/booking-factory.ts';
import { postBooking } from '../test/booking-requests.ts';
import { importPractices, practiceConfig, reasonId } from '../test/practice-factory.ts';

/** Server-rendered booking pages (ADR 0072), through the stand-in server build of test/fixtures/ssr. */

const HOSTILE_NAME = 'Smile </script><script>alert(1)</script> <!-- Dental';

const ADMIN_KEY = 'test-admin-key-0123456789abcdef';

// A Monday before the factory practice's bookable Tuesday (booking-factory.ts).
const ctx = withTestApp({
  clock: fixedClock('2026-03-02T12:00:00Z'),
  config: { adminApiKey: ADMIN_KEY },
  seed: async (db) => {
    await importDemoPracticesIfEmpty(db);
    await importPractices(db, practiceConfig());
    await db.query(`update practices set name = $1 where form_url = 'closed-dental'`, [HOSTILE_NAME]);
  },
});

type Render = { url: string; language: string; formUrl: string };
const renders = () => ((globalThis as { serverRenders?: Render[] }).serverRenders ??= []);
const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

function embeddedData(html: string): { form: { name: string; form_url: string }; clinics: unknown[] | null } {
  const match = /<script type="application\/json" id="practice-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no practice data in the page');
  return JSON.parse(match[1]!) as { form: { name: string; form_url: string }; clinics: unknown[] | null };
}

beforeEach(() => {
  renders().length = 0;
});

describe('a booking page rendered on the server', () => {
  it("holds the server build's markup and the practice's data in a non-executed element", async () => {
    const response = await get('/smile-group?lang=es');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<div id="root"><p data-url="/smile-group" lang="es">rendered smile-group</p></div>',
    );
    const data = embeddedData(response.body);
    const form = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/form/smile-group',
      headers: { 'accept-language': 'es' },
    });
    expect(data.form).toEqual(form.json<{ result: unknown }>().result);
    expect(data.clinics).toHaveLength(3);
    // The start script is written into the page (ADR 0085), its entry in its attributes, and fetched no more.
    const startScript = readFileSync(join(FIXTURE_WEB_DIR, 'booking-page-start.js'), 'utf8');
    expect(response.body).toContain(
      `<script data-entry="/assets/app-test.js" data-preload="">${startScript}</script>\n  </head>`,
    );
    expect(response.body).not.toContain('src="/booking-page-start.js"');
    expect(response.body).not.toContain('<script type="module"');
  });

  it('escapes a practice text that would close the data element', async () => {
    const response = await get('/closed-dental');
    expect(response.body).not.toContain('<script>alert(1)');
    expect(response.body).not.toContain('<!-- Dental');
    // One data element, closed once; the name read back whole.
    expect(response.body.match(/<\/script>/g)).toHaveLength(2);
    expect(embeddedData(response.body).form.name).toBe(HOSTILE_NAME);
  });

  it('is sent compressed to a browser that accepts it, as the API is (ADR 0077)', async () => {
    const plain = await get('/smile-group');
    const brotli = await get('/smile-group', { 'accept-encoding': 'gzip, deflate, br' });
    const gzip = await get('/smile-group', { 'accept-encoding': 'gzip, br;q=0' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    expect(brotli.headers.vary).toContain('Accept-Encoding');
  });

  it('renders the address without the query that does not change the first step', async () => {
    await get('/smile-group?clinic_num=1&rfv=x&utm_source=ad&referrer_id=r1&step=contact');
    expect(renders().map((r) => r.url)).toEqual(['/smile-group?clinic_num=1&rfv=x']);
  });

  it('keeps a page per practice, existing variant and language for a few seconds', async () => {
    await get('/bright-smile?utm_source=a');
    await get('/bright-smile?utm_source=b');
    await get('/bright-smile', { 'accept-language': 'es' });
    await get('/smile-group?clinic_num=1');
    await get('/smile-group?clinic_num=1');
    expect(renders().map((r) => [r.url, r.language])).toEqual([
      ['/bright-smile', 'en'],
      ['/bright-smile', 'es'],
      ['/smile-group?clinic_num=1', 'en'],
    ]);
  });

  it('renders a variant that does not exist every time, so the cache stays bounded', async () => {
    await get('/smile-group?clinic_num=999');
    await get('/smile-group?clinic_num=999');
    await get('/bright-smile?rfv=no-such-reason');
    await get('/bright-smile?rfv=no-such-reason');
    expect(renders()).toHaveLength(4);
  });

  it('still answers an unknown practice with the 404 page, rendering nothing', async () => {
    const response = await get('/no-such-practice');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root"></div>');
    expect(renders()).toEqual([]);
  });
});

describe('a review page rendered on the server', () => {
  async function newReviewToken(): Promise<string> {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/review-requests',
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
      payload: { form_url: 'bright-smile', patient_first_name: 'Rosa', patient_last_name: 'Quintana' },
    });
    expect(response.statusCode).toBe(201);
    return response.json<{ result: { review_url: string } }>().result.review_url.split('/review/')[1]!;
  }

  it("holds the link's answer and the practice, rendered per request in the page's language, never kept", async () => {
    const token = await newReviewToken();
    const first = await get(`/review/${token}`, { cookie: 'lang=es' });
    const second = await get(`/review/${token}`, { cookie: 'lang=es' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.headers['referrer-policy']).toBe('no-referrer');
    expect(first.body).toContain('lang="es">rendered bright-smile</p>');
    const data = embeddedData(first.body) as ReturnType<typeof embeddedData> & { review: unknown };
    expect(data.form.form_url).toBe('bright-smile');
    expect(data.review).toMatchObject({
      token,
      link: { patient_first_name: 'Rosa', patient_last_name: 'Quintana', form_url: 'bright-smile' },
    });
    expect(second.body).toBe(first.body);
    expect(renders().map((r) => [r.url, r.language])).toEqual([
      [`/review/${token}`, 'es'],
      [`/review/${token}`, 'es'],
    ]);
  });

  it('renders the feedback page with the practice of the request, per request', async () => {
    const token = await newReviewToken();
    const link = await get(`/api/v1/review/verify-request-link/${token}`);
    const requestId = link.json<{ result: { request_id: string } }>().result.request_id;
    const response = await get(`/review/feedback?requestId=${requestId}&lang=es`);
    await get(`/review/feedback?requestId=${requestId}&lang=es`);
    expect(response.body).toContain('lang="es">rendered bright-smile</p>');
    expect(embeddedData(response.body)).toMatchObject({
      feedback: { request_id: requestId, form_url: 'bright-smile' },
    });
    expect(renders()).toHaveLength(2);
    expect(renders()[0]?.url).toBe(`/review/feedback?requestId=${requestId}`);
  });

  it('leaves a link it does not know to the browser, which shows the error', async () => {
    const response = await get('/review/not-a-real-token-0123456789');
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(renders()).toEqual([]);
  });
});

describe('a manage page rendered on the server', () => {
  /** A booking of its own at test-practice for the patient named `last`: its manage link's token. */
  async function book(last: string, startTime: string): Promise<string> {
    const [practice] = await ctx.db.query<{ id: string }>(`select id from practices where form_url = 'test-practice'`);
    const body = bookingBody({ practice_id: practice!.id, rfv_id: await reasonId(ctx.db, practice!.id, 'Exam') });
    const [hours = '', minutes = ''] = startTime.split(':');
    const end = `${hours}:${String(Number(minutes) + 30).padStart(2, '0')}:00`;
    const email = `${last.toLowerCase()}@example.com`;
    const response = await postBooking(ctx.app, {
      ...body,
      last_name: last,
      email,
      start_time: `${startTime}:00`,
      end_time: end,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return (response.body.result as { manage_path: string }).manage_path.split('/').at(-1)!;
  }
  type ManageData = { manage: { token: string; appointment: { patient: { last_name: string } } } };
  const manageData = (html: string) => embeddedData(html) as ReturnType<typeof embeddedData> & ManageData;

  it("holds this patient's booking alone, rendered per request in the page's language, never kept", async () => {
    const own = await book('Quintana', '09:00');
    const other = await book('Delgado', '10:00');
    const pages = [];
    for (const [token, last] of [
      [own, 'Quintana'],
      [other, 'Delgado'],
      [own, 'Quintana'],
    ] as const) {
      const response = await get(`/test-practice/appointment/${token}?lang=es`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(manageData(response.body).manage).toMatchObject({ token, appointment: { patient: { last_name: last } } });
      expect(embeddedData(response.body).form.form_url).toBe('test-practice');
      pages.push(response.body);
    }
    expect(pages[1]).not.toContain('Quintana');
    expect(pages[0]).not.toContain('Delgado');
    const view = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/appointment/manage/${own}`,
      headers: { 'accept-language': 'es' },
    });
    expect(manageData(pages[0]!).manage.appointment).toEqual(view.json<{ result: unknown }>().result);
    expect(renders().map((r) => [r.url, r.language])).toEqual([
      [`/test-practice/appointment/${own}`, 'es'],
      [`/test-practice/appointment/${other}`, 'es'],
      [`/test-practice/appointment/${own}`, 'es'],
    ]);
  });

  it('leaves an unknown link, or a link under another practice, to the browser as before', async () => {
    const token = await book('Ortega', '11:00');
    const unknown = await get('/test-practice/appointment/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    const elsewhere = await get(`/bright-smile/appointment/${token}`);
    const noPractice = await get(`/no-such-practice/appointment/${token}`);
    for (const response of [unknown, elsewhere, noPractice]) {
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    expect([unknown.statusCode, elsewhere.statusCode, noPractice.statusCode]).toEqual([200, 200, 404]);
    expect(renders()).toEqual([]);
  });
});

describe('a payment-result page rendered on the server', () => {
  it('holds the practice for the address asked, rendered per request and never kept', async () => {
    const first = await get('/bright-smile/payment-success?session_id=cs_one', { 'accept-language': 'es' });
    await get('/bright-smile/payment-success?session_id=cs_one', { 'accept-language': 'es' });
    const failed = await get('/smile-group/payment-failed?session_id=cs_two');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toContain('lang="es">rendered bright-smile</p>');
    expect(embeddedData(failed.body)).toMatchObject({ form: { form_url: 'smile-group' }, clinics: null });
    expect(renders().map((r) => [r.url, r.language])).toEqual([
      ['/bright-smile/payment-success?session_id=cs_one', 'es'],
      ['/bright-smile/payment-success?session_id=cs_one', 'es'],
      ['/smile-group/payment-failed?session_id=cs_two', 'en'],
    ]);
  });

  it('still answers an unknown practice with the 404 page, rendering nothing', async () => {
    const response = await get('/no-such-practice/payment-failed');
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('<div id="root"></div>');
    expect(renders()).toEqual([]);
  });
});

describe.runIf(isPostgres)('a change to the practice in another process', () => {
  // Well within the page's 5 s: only the notice can explain a second render.
  it('reaches this process, which renders the page afresh', async () => {
    await get('/verify-dental');
    const [practice] = await ctx.db.query<{ id: string }>(`select id from practices where form_url = 'verify-dental'`);
    // As another process's change sends it: by pg_notify alone, not this process's own commit notice.
    await ctx.db.query('select pg_notify($1, $2)', [SLOT_CHANGES_CHANNEL, practice!.id]);
    for (const start = Date.now(); renders().length < 2 && Date.now() - start < 5_000;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      await get('/verify-dental');
    }
    expect(renders()).toHaveLength(2);
  });
});
