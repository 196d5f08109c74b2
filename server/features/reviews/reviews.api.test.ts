import { beforeEach, describe, expect, it } from 'vitest';
import { runJobsUntilIdle } from '../../test/message-delivery.ts';
import { FEEDBACK_CATEGORIES } from '#domain/reviews/feedback-categories.ts';
import { createTestApp, fixedClock, withTestApp } from '../../test/test-app.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { newReviewRequest, readOutbox, TEST_ADMIN_KEY, TEST_PUBLIC_URL } from './review-test-support.ts';
import {
  FEEDBACK_ALREADY_SENT_MESSAGE,
  FEEDBACK_RECEIVED_MESSAGE,
  INVALID_REVIEW_LINK_MESSAGE,
  NO_GOOGLE_REVIEW_PAGE_MESSAGE,
  UNKNOWN_REQUEST_MESSAGE,
} from './reviews-service.ts';

const GOOGLE_URL = 'https://www.google.com/search?q=Test+Practice+reviews';
const clock = fixedClock('2026-03-02T12:00:00Z');

const ctx = withTestApp({
  clock,
  config: { adminApiKey: TEST_ADMIN_KEY, publicUrl: TEST_PUBLIC_URL },
  seed: async (db) => {
    await importPractices(
      db,
      practiceConfig({ google_review_url: GOOGLE_URL, notification_email: 'office@test-practice.example' }),
      practiceConfig({ form_url: 'quiet-practice', name: 'Quiet Practice' }),
    );
  },
});
beforeEach(async () => {
  await ctx.db.exec('delete from jobs; delete from outbox_messages;');
});

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });
const postFeedback = (payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/review/feedback', payload: payload as object });

describe('GET /api/v1/review/verify-request-link/:token', () => {
  it("answers the patient's names and a request_id that is not the token", async () => {
    const { token, request_id } = await newReviewRequest(ctx.app, {
      patient_first_name: 'María',
      patient_last_name: 'de la Cruz',
    });
    const response = await get(`/api/v1/review/verify-request-link/${token}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      result: {
        patient_first_name: 'María',
        patient_last_name: 'de la Cruz',
        request_id,
        form_url: 'test-practice',
        has_review_url: true,
      },
    });
    expect(request_id).not.toBe(token);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('says so when the practice has no Google review page, so the page can leave the button out', async () => {
    const { token } = await newReviewRequest(ctx.app, { form_url: 'quiet-practice' });
    const response = await get(`/api/v1/review/verify-request-link/${token}`);
    expect(response.json().result).toMatchObject({ form_url: 'quiet-practice', has_review_url: false });
  });

  it('makes tokens of 192 random URL-safe bits and stores only their hash', async () => {
    const tokens = await Promise.all([1, 2, 3].map(async () => (await newReviewRequest(ctx.app)).token));
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(new Set(tokens).size).toBe(3);
    const rows = await ctx.db.query<Record<string, unknown>>('select * from review_requests');
    const stored = JSON.stringify(rows);
    for (const token of tokens) expect(stored).not.toContain(token);
  });

  it.each([
    ['an unknown token', 'A'.repeat(32)],
    ['a token of the wrong length', 'abc123'],
    ['a token with characters a token never has', `${'a'.repeat(31)}.`],
  ])('answers 404 with a clear message for %s', async (_case, token) => {
    const response = await get(`/api/v1/review/verify-request-link/${encodeURIComponent(token)}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: INVALID_REVIEW_LINK_MESSAGE });
  });
});

describe('GET /api/v1/review/request/:request_id/practice', () => {
  it('names the practice of the request, and nothing about the patient', async () => {
    const { request_id } = await newReviewRequest(ctx.app, { form_url: 'quiet-practice' });
    const response = await get(`/api/v1/review/request/${request_id}/practice`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, result: { request_id, form_url: 'quiet-practice' } });
  });

  it.each([
    ['an unknown request', '5f0c6f7e-2a1b-4c3d-8e9f-0a1b2c3d4e5f'],
    ['a malformed id', 'abc'],
  ])('answers 404 for %s', async (_case, id) => {
    const response = await get(`/api/v1/review/request/${id}/practice`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: UNKNOWN_REQUEST_MESSAGE });
  });
});

describe('GET /api/v1/review/track/:request_id', () => {
  it("records each click and redirects to the practice's Google review page", async () => {
    const { request_id } = await newReviewRequest(ctx.app);
    const first = await get(`/api/v1/review/track/${request_id}`);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe(GOOGLE_URL);
    clock.advance(60_000);
    expect((await get(`/api/v1/review/track/${request_id}`)).statusCode).toBe(302);
    clock.set('2026-03-02T12:00:00Z');
    const [row] = await ctx.db.query<{ click_count: number; first_clicked_at: Date; last_clicked_at: Date }>(
      'select click_count, first_clicked_at, last_clicked_at from review_requests where id = $1',
      [request_id],
    );
    expect(row).toEqual({
      click_count: 2,
      first_clicked_at: new Date('2026-03-02T12:00:00Z'),
      last_clicked_at: new Date('2026-03-02T12:01:00Z'),
    });
  });

  it('answers a clear 404, and records nothing, when the practice has no Google review page', async () => {
    const { request_id } = await newReviewRequest(ctx.app, { form_url: 'quiet-practice' });
    const response = await get(`/api/v1/review/track/${request_id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: NO_GOOGLE_REVIEW_PAGE_MESSAGE });
    const [row] = await ctx.db.query<{ click_count: number }>('select click_count from review_requests where id = $1', [
      request_id,
    ]);
    expect(row!.click_count).toBe(0);
  });

  it('shows the message as a page to a browser tab', async () => {
    const { request_id } = await newReviewRequest(ctx.app, { form_url: 'quiet-practice' });
    const response = await get(`/api/v1/review/track/${request_id}`, { accept: 'text/html,application/xhtml+xml' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<p>This practice has not set up a Google review page yet.');
  });

  it.each([
    ['an unknown request_id', '5f0c6f7e-2a1b-4c3d-8e9f-0a1b2c3d4e5f'],
    ['a malformed request_id', 'not-a-uuid'],
  ])('answers 404 for %s', async (_case, id) => {
    const response = await get(`/api/v1/review/track/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(UNKNOWN_REQUEST_MESSAGE);
  });
});

describe('POST /api/v1/review/feedback', () => {
  it('lists the 17 categories of spec section 9, in order and with their exact texts', () => {
    expect(FEEDBACK_CATEGORIES).toEqual([
      'Long wait time',
      'Rude staff behavior',
      'Unsatisfactory treatment',
      'Billing issues',
      'Appointment scheduling problems',
      'Hygiene concerns',
      'Pain or discomfort after treatment',
      'Lack of clear communication',
      'Unfriendly or unhelpful receptionist',
      'Treatment was too expensive',
      'Insurance issues',
      'Inadequate explanation of procedures',
      'Equipment was not properly sanitized',
      'Too much pressure to purchase additional services',
      'Difficulty in reaching the clinic via phone or email',
      'Lack of privacy during consultation',
      'Other',
    ]);
  });

  it('accepts every one of the 17 categories', async () => {
    for (const category of FEEDBACK_CATEGORIES) {
      const { request_id } = await newReviewRequest(ctx.app);
      const response = await postFeedback({
        request_id,
        feedback_category: category,
        feedback_description: 'Details.',
      });
      expect(response.statusCode, category).toBe(201);
    }
    const rows = await ctx.db.query<{ feedback_category: string }>('select feedback_category from review_feedback');
    expect(new Set(rows.map((row) => row.feedback_category))).toEqual(new Set(FEEDBACK_CATEGORIES));
  });

  it('stores the feedback and tells the practice by e-mail, with the contacts to follow up', async () => {
    const { request_id } = await newReviewRequest(ctx.app, {
      email: 'ana@example.com',
      wireless_phone: '+15125550123',
    });
    const response = await postFeedback({
      request_id,
      feedback_category: 'Long wait time',
      feedback_description: '  Waited 40 minutes past my time.  ',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ success: true, message: FEEDBACK_RECEIVED_MESSAGE, result: { request_id } });
    const [stored] = await ctx.db.query(
      'select feedback_category, feedback_description from review_feedback where request_id = $1',
      [request_id],
    );
    expect(stored).toEqual({
      feedback_category: 'Long wait time',
      feedback_description: 'Waited 40 minutes past my time.',
    });
    // An event with the practice as its subject (ADR 0069), for the webhooks to come.
    const events = await ctx.db.query<{ type: string; actor: object; booking_id: string | null; after: object }>(
      `select type, actor, booking_id, after from booking_events where type = 'feedback.received'
          and after ->> 'request_id' = $1`,
      [request_id],
    );
    expect(events).toEqual([
      {
        type: 'feedback.received',
        actor: { kind: 'patient' },
        booking_id: null,
        after: expect.objectContaining({ request_id, category: 'Long wait time' }),
      },
    ]);

    await runJobsUntilIdle(ctx.db, clock);
    const [mail, ...others] = await readOutbox(ctx.db);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      channel: 'email',
      recipient: 'office@test-practice.example',
      subject: 'Private feedback from Ana Lopez: Long wait time',
    });
    expect(mail!.text).toContain('Waited 40 minutes past my time.');
    expect(mail!.text).toContain('Email: ana@example.com');
    expect(mail!.text).toContain('Phone: (512) 555-0123');
  });

  it("quotes the patient's feedback in the practice's e-mail, so it cannot forge a line", async () => {
    const { request_id } = await newReviewRequest(ctx.app, {
      email: 'ana@example.com',
      wireless_phone: '+15125550123',
    });
    await ctx.db.query('delete from outbox_messages');
    const forged = 'Lovely staff.\r\nPatient: Mallory Evil\u2028Email: evil@example.com';
    expect(
      (await postFeedback({ request_id, feedback_category: 'Other', feedback_description: forged })).statusCode,
    ).toBe(201);
    await runJobsUntilIdle(ctx.db, clock);
    const mail = (await readOutbox(ctx.db)).find((message) => message.recipient === 'office@test-practice.example')!;
    const lines = mail.text.split('\n');
    expect(lines.filter((line) => line.startsWith('Patient:'))).toEqual(['Patient: Ana Lopez']);
    expect(lines.filter((line) => line.startsWith('Email:'))).toEqual(['Email: ana@example.com']);
    const label = lines.indexOf('Feedback (written by the patient):');
    expect(lines.slice(label + 1, label + 4)).toEqual([
      '> Lovely staff.',
      '> Patient: Mallory Evil',
      '> Email: evil@example.com',
    ]);
  });

  it('stores the feedback without a message when the practice has no notification address', async () => {
    const { request_id } = await newReviewRequest(ctx.app, { form_url: 'quiet-practice' });
    expect(
      (await postFeedback({ request_id, feedback_category: 'Other', feedback_description: 'Parking was hard.' }))
        .statusCode,
    ).toBe(201);
    await runJobsUntilIdle(ctx.db, clock);
    expect(await readOutbox(ctx.db)).toEqual([]);
  });

  it('takes one feedback per request: a second answers 409 with a message', async () => {
    const { request_id } = await newReviewRequest(ctx.app);
    expect(
      (await postFeedback({ request_id, feedback_category: 'Billing issues', feedback_description: 'Charged twice.' }))
        .statusCode,
    ).toBe(201);
    const second = await postFeedback({
      request_id,
      feedback_category: 'Other',
      feedback_description: 'One more thing.',
    });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ success: false, code: 'CONFLICT', message: FEEDBACK_ALREADY_SENT_MESSAGE });
    const rows = await ctx.db.query('select 1 from review_feedback where request_id = $1', [request_id]);
    expect(rows).toHaveLength(1);
  });

  it.each([
    ['a category not in the list', { feedback_category: 'Long wait' }, 'feedback_category'],
    ['a category in another case', { feedback_category: 'other' }, 'feedback_category'],
    ['no category', { feedback_category: undefined }, 'feedback_category'],
    ['a blank description', { feedback_description: '   ' }, 'feedback_description'],
    ['a description over 2000 characters', { feedback_description: 'x'.repeat(2001) }, 'feedback_description'],
    ['a malformed request_id', { request_id: 'abc' }, 'request_id'],
    ['no request_id', { request_id: undefined }, 'request_id'],
  ])('answers 422 for %s', async (_case, change, field) => {
    const { request_id } = await newReviewRequest(ctx.app);
    const response = await postFeedback({
      request_id,
      feedback_category: 'Other',
      feedback_description: 'Fine.',
      ...change,
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_FAILED' });
    expect(Object.keys(response.json().fields)).toEqual([field]);
  });

  it('drops control characters but keeps tabs and line breaks', async () => {
    const { request_id } = await newReviewRequest(ctx.app);
    const response = await postFeedback({
      request_id,
      feedback_category: 'Other',
      feedback_description: 'Line one\u001b\nLine\ttwo\u0007',
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await ctx.db.query('select feedback_description from review_feedback where request_id = $1', [
      request_id,
    ]);
    expect(row).toEqual({ feedback_description: 'Line one\nLine\ttwo' });
  });

  it('accepts a description of exactly 2000 characters', async () => {
    const { request_id } = await newReviewRequest(ctx.app);
    expect(
      (await postFeedback({ request_id, feedback_category: 'Other', feedback_description: 'x'.repeat(2000) }))
        .statusCode,
    ).toBe(201);
  });

  it('answers 404 for a well-formed request_id that does not exist', async () => {
    const response = await postFeedback({
      request_id: '5f0c6f7e-2a1b-4c3d-8e9f-0a1b2c3d4e5f',
      feedback_category: 'Other',
      feedback_description: 'Hi.',
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(UNKNOWN_REQUEST_MESSAGE);
  });
});

describe('rate limits', () => {
  it('limits feedback per address (10 per 10 minutes by default)', async () => {
    const limited = await createTestApp(ctx.db, { clock, config: { rateLimitMultiplier: 1 } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        // An address of its own: counters live in the database, shared with this file's other app.
        const response = await limited.inject({
          method: 'POST',
          url: '/api/v1/review/feedback',
          remoteAddress: '192.0.2.51',
          payload: { request_id: 'bad' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(422));
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
