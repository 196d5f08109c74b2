import { beforeEach, describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '../../test/message-delivery.ts';
import { CreatedReviewRequestSchema, ReviewRequestStatusSchema } from '#domain/reviews/review-request-schemas.ts';
import { successEnvelopeSchema } from '#domain/api/envelope-schemas.ts';
import { createTestApp, fixedClock, withTestApp } from '../../test/test-app.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { postReviewRequest, readOutbox, TEST_ADMIN_KEY, TEST_PUBLIC_URL } from '../reviews/review-test-support.ts';
import { bookExam } from '../../test/booking-requests.ts';
import { ADMIN_UNAUTHORIZED_MESSAGE } from './admin-auth.ts';

const clock = fixedClock('2026-03-02T12:00:00Z');
let ids: Record<string, string>;

const ctx = withTestApp({
  clock,
  config: { adminApiKey: TEST_ADMIN_KEY, publicUrl: TEST_PUBLIC_URL },
  seed: async (db) => {
    ids = await importPractices(
      db,
      practiceConfig(),
      practiceConfig({ form_url: 'other-practice', name: 'Other Practice' }),
    );
  },
});
beforeEach(async () => {
  await ctx.db.exec('delete from jobs; delete from outbox_messages;');
});

const countRequests = async () => (await ctx.db.query('select 1 from review_requests')).length;
const parseCreated = (body: unknown) => successEnvelopeSchema(CreatedReviewRequestSchema).parse(body).result;

describe('the admin API key', () => {
  it('is off without ADMIN_API_KEY: the admin paths answer 404 as if absent', async () => {
    const off = await createTestApp(ctx.db, { clock });
    try {
      const response = await off.inject({
        method: 'POST',
        url: '/api/v1/admin/review-requests',
        headers: { authorization: `Bearer ${TEST_ADMIN_KEY}` },
        payload: {},
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    } finally {
      await off.close();
    }
  });

  it.each([
    ['no Authorization header', {}],
    ['a wrong key', { authorization: 'Bearer wrong-key-0123456789abcdef' }],
    ['a prefix of the key', { authorization: `Bearer ${TEST_ADMIN_KEY.slice(0, -1)}` }],
    ['another scheme', { authorization: `Basic ${TEST_ADMIN_KEY}` }],
    ['an empty bearer', { authorization: 'Bearer ' }],
  ])('answers 401 to %s, before reading the body', async (_case, headers) => {
    const before = await countRequests();
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/admin/review-requests',
      headers,
      payload: { form_url: 'test-practice', patient_first_name: 'Ana', patient_last_name: 'Lopez' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ success: false, code: 'UNAUTHORIZED', message: ADMIN_UNAUTHORIZED_MESSAGE });
    expect(response.headers['www-authenticate']).toBe('Bearer realm="admin"');
    expect(await countRequests()).toBe(before);
  });
});

describe('POST /api/v1/admin/review-requests', () => {
  it('creates a request and answers its id and review URL, sending nothing unless asked', async () => {
    const { status, body } = await postReviewRequest(ctx.app, { email: 'ana@example.com', is_concented: true });
    expect(status).toBe(201);
    const created = parseCreated(body);
    expect(created.review_url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/review/[A-Za-z0-9_-]{32}$`));
    expect(created.sent_via).toEqual([]);
    const token = created.review_url.split('/review/')[1]!;
    const link = await ctx.app.inject({ method: 'GET', url: `/api/v1/review/verify-request-link/${token}` });
    expect(link.json().result).toMatchObject({
      patient_first_name: 'Ana',
      patient_last_name: 'Lopez',
      request_id: created.request_id,
      form_url: 'test-practice',
    });
    const [row] = await ctx.db.query(
      'select practice_id, source, email, created_at from review_requests where id = $1',
      [created.request_id],
    );
    expect(row).toEqual({
      practice_id: ids['test-practice'],
      source: 'admin',
      email: 'ana@example.com',
      created_at: new Date('2026-03-02T12:00:00Z'),
    });
    await runJobsUntilIdle(ctx.db, clock);
    expect(await readOutbox(ctx.db)).toEqual([]);
  });

  it('sends the link by e-mail and SMS to contacts marked as consented', async () => {
    const { status, body } = await postReviewRequest(ctx.app, {
      email: 'Ana@Example.com',
      wireless_phone: '5125550123',
      is_concented: true,
      send: true,
    });
    expect(status).toBe(201);
    const created = parseCreated(body);
    expect(created.sent_via).toEqual(['email', 'sms']);
    await runJobsUntilIdle(ctx.db, clock);
    // The worker sends in parallel: order by channel.
    const messages = (await readOutbox(ctx.db)).sort((a, b) => a.channel.localeCompare(b.channel));
    expect(messages.map((m) => [m.channel, m.recipient])).toEqual([
      ['email', 'ana@example.com'],
      ['sms', '+15125550123'],
    ]);
    expect(messages[0]!.subject).toBe('How was your visit to Test Practice?');
    for (const message of messages) expect(message.text).toContain(created.review_url);
    const [row] = await ctx.db.query<{ sent_via: string[] }>('select sent_via from review_requests where id = $1', [
      created.request_id,
    ]);
    expect(row!.sent_via).toEqual(['email', 'sms']);
  });

  it('refuses to send to contacts without consent, and creates nothing', async () => {
    const before = await countRequests();
    const { status, body } = await postReviewRequest(ctx.app, {
      email: 'ana@example.com',
      wireless_phone: '+15125550123',
      send: true,
    });
    expect(status).toBe(422);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.message).toContain('is_concented');
    expect(body.fields).toEqual({ send: 'no consented e-mail or phone to send to' });
    expect(await countRequests()).toBe(before);
  });

  it("uses a booking's consented contacts for a request about that appointment", async () => {
    const appointmentId = await bookExam(ctx, ids['test-practice']!, {
      email: 'booked@example.com',
      wireless_phone: '+15125550199',
    });
    await runJobsUntilIdle(ctx.db, clock);
    await ctx.db.exec('delete from outbox_messages');

    const { status, body } = await postReviewRequest(ctx.app, { appointment_id: appointmentId, send: true });
    expect(status).toBe(201);
    expect(parseCreated(body).sent_via).toEqual(['email', 'sms']);
    await runJobsUntilIdle(ctx.db, clock);
    expect((await readOutbox(ctx.db)).map((m) => m.recipient).sort()).toEqual(['+15125550199', 'booked@example.com']);

    // Another address than the booked one needs its own consent: only the booked phone is used.
    const other = await postReviewRequest(ctx.app, {
      appointment_id: appointmentId,
      email: 'someone-else@example.com',
      send: true,
    });
    expect(parseCreated(other.body).sent_via).toEqual(['sms']);
    const [row] = await ctx.db.query<{ patient_id: string | null; appointment_id: string }>(
      'select patient_id, appointment_id from review_requests where id = $1',
      [parseCreated(other.body).request_id],
    );
    expect(row!.appointment_id).toBe(appointmentId);
    expect(row!.patient_id).not.toBeNull();
  });

  it('refuses an appointment of another practice', async () => {
    const appointmentId = await bookExam(ctx, ids['other-practice']!, {
      start_time: '10:00:00',
      end_time: '10:30:00',
    });
    const { status, body } = await postReviewRequest(ctx.app, { appointment_id: appointmentId });
    expect(status).toBe(422);
    expect(body.fields).toEqual({ appointment_id: 'not an appointment of this practice' });
  });

  it('answers 404 for an unknown practice', async () => {
    const { status, body } = await postReviewRequest(ctx.app, { form_url: 'no-such-practice' });
    expect(status).toBe(404);
    expect(body.message).toContain('no-such-practice');
  });

  it('answers 422 naming every bad field', async () => {
    const { status, body } = await postReviewRequest(ctx.app, {
      patient_first_name: ' ',
      email: 'not-an-email',
      wireless_phone: 'call me',
      send: 'yes' as unknown as boolean,
    });
    expect(status).toBe(422);
    expect(Object.keys(body.fields).sort()).toEqual(['email', 'patient_first_name', 'send', 'wireless_phone']);
  });
});

describe('GET /api/v1/admin/review-requests/:request_id', () => {
  const getStatus = (id: string, key = TEST_ADMIN_KEY) =>
    ctx.app.inject({
      method: 'GET',
      url: `/api/v1/admin/review-requests/${id}`,
      headers: { authorization: `Bearer ${key}` },
    });

  it('shows the clicks and the feedback of a request', async () => {
    await ctx.db.query(
      `update practices set google_review_url = 'https://g.example/review' where form_url = 'test-practice'`,
    );
    const created = parseCreated((await postReviewRequest(ctx.app, {})).body);
    const fresh = successEnvelopeSchema(ReviewRequestStatusSchema).parse(
      (await getStatus(created.request_id)).json(),
    ).result;
    expect(fresh).toMatchObject({
      request_id: created.request_id,
      form_url: 'test-practice',
      source: 'admin',
      click_count: 0,
      first_clicked_at: null,
      feedback: null,
    });

    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/review/track/${created.request_id}` })).statusCode,
    ).toBe(302);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/review/feedback',
      payload: { request_id: created.request_id, feedback_category: 'Other', feedback_description: 'Noisy.' },
    });
    const later = successEnvelopeSchema(ReviewRequestStatusSchema).parse(
      (await getStatus(created.request_id)).json(),
    ).result;
    expect(later).toMatchObject({
      click_count: 1,
      first_clicked_at: '2026-03-02T12:00:00.000Z',
      feedback: { feedback_category: 'Other', feedback_description: 'Noisy.', created_at: '2026-03-02T12:00:00.000Z' },
    });
  });

  it('needs the key, and answers 404 for an unknown request', async () => {
    const created = parseCreated((await postReviewRequest(ctx.app, {})).body);
    expect((await getStatus(created.request_id, 'wrong-key-0123456789abcdef')).statusCode).toBe(401);
    expect((await getStatus('5f0c6f7e-2a1b-4c3d-8e9f-0a1b2c3d4e5f')).statusCode).toBe(404);
    expect((await getStatus('nope')).statusCode).toBe(404);
  });
});
