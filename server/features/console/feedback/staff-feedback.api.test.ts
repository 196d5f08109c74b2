import { beforeAll, describe, expect, it } from 'vitest';
import {
  StaffFeedbackDetailSchema,
  StaffFeedbackListSchema,
  StaffReviewRequestListSchema,
} from '#domain/staff/staff-inbox-schemas.ts';
import { addStaff, signIn, type StaffClient } from '../../../test/staff-factory.ts';
import { practiceConfig } from '../../../test/practice-factory.ts';
import { withPracticesApp } from '../../../test/staff-test-app.ts';
import { fixedClock } from '../../../test/test-app.ts';
import { TEST_PUBLIC_URL } from '../../reviews/review-test-support.ts';
import { bookExam } from '../../../test/booking-requests.ts';

// The console's feedback inbox and review requests (ADR 0038), for practice A's staff; practice B
// has its own requests and feedback, which A's staff must never reach.
const clock = fixedClock('2026-03-02T12:00:00Z');
const GOOGLE_URL = 'https://www.google.com/search?q=Test+Practice+reviews';
let desk: StaffClient;
let deskB: StaffClient;
let accounts: { desk: { email: string; password: string }; deskB: { email: string; password: string } };

/** Moves the clock; sessions idle past 30 minutes end, so both consoles sign in again. */
async function at(instant: string) {
  clock.set(instant);
  desk = await signIn(ctx.app, accounts.desk);
  deskB = await signIn(ctx.app, accounts.deskB);
}

const ctx = withPracticesApp(
  [
    practiceConfig({ google_review_url: GOOGLE_URL }),
    practiceConfig({ form_url: 'other-practice', name: 'Other Practice', google_review_url: GOOGLE_URL }),
  ],
  { clock, config: { publicUrl: TEST_PUBLIC_URL } },
);
beforeAll(async () => {
  accounts = {
    desk: await addStaff(ctx.db, { practiceIds: [ctx.ids['test-practice']!], role: 'front_desk' }),
    deskB: await addStaff(ctx.db, { practiceIds: [ctx.ids['other-practice']!], role: 'owner' }),
  };
  await at('2026-03-02T12:00:00Z');
});

/** Books an exam for `name` ("First Last") on `date` at `times` ("HH:MM-HH:MM", the practice's time). */
const book = (formUrl: string, name: string, date: string, times: string, overrides: Record<string, unknown> = {}) => {
  const [first_name, last_name] = name.split(' ');
  const [start, end] = times.split('-');
  const slot = { apt_date: date, start_time: `${start}:00`, end_time: `${end}:00` };
  return bookExam(ctx, ctx.ids[formUrl]!, { first_name, last_name, ...slot, ...overrides });
};

/** Asks for a review request to `name` ("First Last") with the rest of the body given. */
function postRequest(client: StaffClient, name: string, body: Record<string, unknown> = {}) {
  const [patient_first_name, patient_last_name] = name.split(' ');
  return client.post('/api/v1/staff/review-requests', { patient_first_name, patient_last_name, ...body });
}

/** A review request that the console sent (201). */
async function sendRequest(client: StaffClient, name: string, body: Record<string, unknown> = {}) {
  const response = await postRequest(client, name, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().result as { request_id: string; review_url: string; sent_via: string[] };
}

async function leaveFeedback(requestId: string, description: string, category = 'Long wait time') {
  const response = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/review/feedback',
    payload: { request_id: requestId, feedback_category: category, feedback_description: description },
  });
  expect(response.statusCode, response.body).toBe(201);
  const [row] = await ctx.db.query<{ id: string }>('select id from review_feedback where request_id = $1', [requestId]);
  return row!.id;
}

const auditRows = (action: string) =>
  ctx.db.query<{ account_email: string; target_id: string | null; details: Record<string, unknown> }>(
    'select account_email, target_id, details from staff_audit where action = $1 order by id',
    [action],
  );

describe('review requests from the console', () => {
  it('sends via the admin API’s service to consented contacts of the session’s practice, with audit', async () => {
    const appointmentId = await book('test-practice', 'Marta Quintero', '2026-03-03', '10:00-10:30', {
      email: 'marta@example.com',
    });
    const created = await sendRequest(desk, 'Marta Quintero', { appointment_id: appointmentId, send: true });
    expect(created.sent_via).toEqual(['email', 'sms']);
    expect(created.review_url).toMatch(new RegExp(`^${TEST_PUBLIC_URL}/review/`));
    const [stored] = await ctx.db.query<{ practice_id: string; email: string }>(
      'select practice_id, email from review_requests where id = $1',
      [created.request_id],
    );
    expect(stored).toEqual({ practice_id: ctx.ids['test-practice'], email: 'marta@example.com' });
    const audits = await auditRows('review_request.send');
    expect(audits.at(-1)).toMatchObject({
      target_id: created.request_id,
      details: { appointment_id: appointmentId, sent_via: ['email', 'sms'] },
    });
  });

  it('cannot name another practice: a form_url is refused, another practice’s appointment is not found', async () => {
    const before = await ctx.db.query('select id from review_requests');
    const named = await desk.post('/api/v1/staff/review-requests', {
      form_url: 'other-practice',
      patient_first_name: 'X',
      patient_last_name: 'Y',
    });
    expect(named.statusCode).toBe(422);
    const theirs = await book('other-practice', 'Bruno Theirs', '2026-03-03', '11:00-11:30');
    const crossed = await desk.post('/api/v1/staff/review-requests', {
      patient_first_name: 'Bruno',
      patient_last_name: 'Theirs',
      appointment_id: theirs,
    });
    expect(crossed.statusCode).toBe(422);
    expect(crossed.json().fields).toHaveProperty('appointment_id');
    expect(await ctx.db.query('select id from review_requests')).toEqual(before);
  });

  it('lists the requests of a range of days with whether each was clicked, never another practice’s', async () => {
    await at('2026-03-05T15:00:00Z');
    const clicked = await sendRequest(desk, 'Clara Clicks');
    clock.advance(5 * 60_000);
    const ignored = await sendRequest(desk, 'Ivo Ignores');
    await sendRequest(deskB, 'Other Patient');
    await at('2026-03-05T16:00:00Z');
    const track = await ctx.app.inject({ method: 'GET', url: `/api/v1/review/track/${clicked.request_id}` });
    expect(track.statusCode).toBe(302);

    const response = await desk.get('/api/v1/staff/review-requests?from=2026-03-05&to=2026-03-05');
    expect(response.statusCode, response.body).toBe(200);
    const list = StaffReviewRequestListSchema.parse(response.json().result);
    expect(list.requests.map((r) => [r.patient_last_name, r.is_clicked])).toEqual([
      ['Ignores', false],
      ['Clicks', true],
    ]);
    expect(list.requests[1]).toMatchObject({
      request_id: clicked.request_id,
      click_count: 1,
      first_clicked_at: '2026-03-05T16:00:00.000Z',
    });
    expect(list.requests[0]!.request_id).toBe(ignored.request_id);
    // The day before, in New York, holds none of them.
    expect(
      (await desk.get('/api/v1/staff/review-requests?from=2026-03-04&to=2026-03-04')).json().result.requests,
    ).toEqual([]);
    expect((await desk.get('/api/v1/staff/review-requests?from=2026-03-05&to=2027-03-06')).statusCode).toBe(400);
    expect((await desk.get('/api/v1/staff/review-requests?from=2026-03-05')).statusCode).toBe(400);
  });
});

describe('the feedback inbox', () => {
  it('lists the practice’s private feedback newest first, with patient and visit, and no audit row', async () => {
    await at('2026-03-06T12:00:00Z');
    const appointmentId = await book('test-practice', 'Nina Visit', '2026-03-09', '14:00-14:30', {
      email: 'nina@example.com',
    });
    const withVisit = await sendRequest(desk, 'Nina Visit', { appointment_id: appointmentId });
    const without = await sendRequest(desk, 'Olga Nobooking', { email: 'olga@example.com' });
    await at('2026-03-10T12:00:00Z');
    const first = await leaveFeedback(withVisit.request_id, 'The wait was 40 minutes. '.repeat(10));
    await at('2026-03-10T13:00:00Z');
    const second = await leaveFeedback(without.request_id, 'Billing was wrong', 'Billing issues');
    const audited = (await ctx.db.query('select id from staff_audit')).length;

    const response = await desk.get('/api/v1/staff/feedback');
    expect(response.statusCode, response.body).toBe(200);
    const { feedback, open_count } = StaffFeedbackListSchema.parse(response.json().result);
    expect(feedback.map((f) => f.id)).toEqual([second, first]);
    expect(open_count).toBe(2);
    expect(feedback[1]).toMatchObject({
      category: 'Long wait time',
      status: 'open',
      patient: { first_name: 'Nina', last_name: 'Visit' },
      visit: { appointment_id: appointmentId, apt_date: '2026-03-09', start_time: '14:00:00' },
      handled: null,
    });
    expect(feedback[1]!.excerpt.length).toBeLessThanOrEqual(160);
    expect(feedback[0]).toMatchObject({ category: 'Billing issues', excerpt: 'Billing was wrong', visit: null });
    expect((await ctx.db.query('select id from staff_audit')).length).toBe(audited);
  });

  it('opens one item with the full text and the patient’s contacts, as an audit row', async () => {
    const request = await sendRequest(desk, 'Paula Reader', {
      email: 'paula@example.com',
      wireless_phone: '+15125550199',
    });
    const id = await leaveFeedback(request.request_id, 'Full text that the list cuts short. '.repeat(8));
    const response = await desk.get(`/api/v1/staff/feedback/${id}`);
    expect(response.statusCode, response.body).toBe(200);
    const detail = StaffFeedbackDetailSchema.parse(response.json().result);
    expect(detail.text).toBe('Full text that the list cuts short. '.repeat(8).trim());
    expect(detail.patient).toEqual({
      first_name: 'Paula',
      last_name: 'Reader',
      email: 'paula@example.com',
      phone: '+15125550199',
      dob: null,
    });
    expect(detail.request.id).toBe(request.request_id);
    expect((await auditRows('feedback.view')).at(-1)).toMatchObject({ target_id: id });
  });

  it('marks an item handled with who, when and the note, once, as an audit row; the filters follow', async () => {
    const request = await sendRequest(desk, 'Hana Handled');
    const id = await leaveFeedback(request.request_id, 'Please call me');
    await at('2026-03-11T09:30:00Z');
    const response = await desk.post(`/api/v1/staff/feedback/${id}/handled`, { note: '  Called her back, sorted.  ' });
    expect(response.statusCode, response.body).toBe(200);
    const detail = StaffFeedbackDetailSchema.parse(response.json().result);
    expect(detail).toMatchObject({
      status: 'handled',
      handled: { at: '2026-03-11T09:30:00.000Z', note: 'Called her back, sorted.' },
    });
    expect(detail.handled!.by).toMatch(/@example\.test$/);
    expect((await auditRows('feedback.handled')).at(-1)).toMatchObject({ target_id: id, details: { has_note: true } });

    expect((await desk.post(`/api/v1/staff/feedback/${id}/handled`, {})).statusCode).toBe(409);
    const handled = (await desk.get('/api/v1/staff/feedback?status=handled')).json().result.feedback as {
      id: string;
    }[];
    const open = (await desk.get('/api/v1/staff/feedback?status=open')).json().result.feedback as { id: string }[];
    expect(handled.map((f) => f.id)).toEqual([id]);
    expect(open.map((f) => f.id)).not.toContain(id);
    const counts = await Promise.all(
      ['', '?status=open', '?status=handled'].map(
        async (filter) => (await desk.get(`/api/v1/staff/feedback${filter}`)).json().result.open_count,
      ),
    );
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBe(open.length);
    expect((await desk.get('/api/v1/staff/feedback?status=closed')).statusCode).toBe(400);
  });

  it('refuses a note over 1000 characters and a change without the CSRF token', async () => {
    const request = await sendRequest(desk, 'Long Note');
    const id = await leaveFeedback(request.request_id, 'Something');
    expect((await desk.post(`/api/v1/staff/feedback/${id}/handled`, { note: 'x'.repeat(1001) })).statusCode).toBe(422);
    const noToken = await desk.forged({ method: 'POST', url: `/api/v1/staff/feedback/${id}/handled`, payload: {} });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().code).toBe('CSRF_FAILED');
    const sendNoToken = await desk.forged({
      method: 'POST',
      url: '/api/v1/staff/review-requests',
      payload: { patient_first_name: 'A', patient_last_name: 'B' },
    });
    expect(sendNoToken.statusCode).toBe(403);
    const [row] = await ctx.db.query<{ handled_at: Date | null }>(
      'select handled_at from review_feedback where id = $1',
      [id],
    );
    expect(row!.handled_at).toBeNull();
  });

  it('never shows or changes another practice’s feedback: its ids answer 404 like missing ones', async () => {
    const theirs = await sendRequest(deskB, 'Bea Elsewhere');
    const theirFeedback = await leaveFeedback(theirs.request_id, 'Private to practice B');
    const list = (await desk.get('/api/v1/staff/feedback')).json().result.feedback as {
      id: string;
      patient: { last_name: string };
    }[];
    expect(list.map((f) => f.id)).not.toContain(theirFeedback);
    expect(list.map((f) => f.patient.last_name)).not.toContain('Elsewhere');

    const missing = await desk.get('/api/v1/staff/feedback/00000000-0000-4000-8000-000000000000');
    const crossed = await desk.get(`/api/v1/staff/feedback/${theirFeedback}`);
    expect(crossed.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(crossed.json().code).toBe(missing.json().code);
    expect((await desk.get('/api/v1/staff/feedback/not-a-uuid')).statusCode).toBe(404);
    expect((await desk.post(`/api/v1/staff/feedback/${theirFeedback}/handled`, { note: 'mine now' })).statusCode).toBe(
      404,
    );
    const [row] = await ctx.db.query<{ handled_at: Date | null }>(
      'select handled_at from review_feedback where id = $1',
      [theirFeedback],
    );
    expect(row!.handled_at).toBeNull();
    // B's own staff still sees it.
    expect((await deskB.get(`/api/v1/staff/feedback/${theirFeedback}`)).statusCode).toBe(200);
  });

  it('answers 401 without a session on every route', async () => {
    const urls: [string, string][] = [
      ['GET', '/api/v1/staff/feedback'],
      ['GET', '/api/v1/staff/feedback/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/v1/staff/feedback/00000000-0000-4000-8000-000000000000/handled'],
      ['POST', '/api/v1/staff/review-requests'],
      ['GET', '/api/v1/staff/review-requests?from=2026-03-01&to=2026-03-02'],
    ];
    for (const [method, url] of urls) {
      const response = await ctx.app.inject({
        method: method as 'GET' | 'POST',
        url,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('review requests about a visit that did not happen', () => {
  it('refuses a no-show and a cancelled visit with a 409 saying why (the automatic sweep skips them)', async () => {
    await at('2026-03-12T12:00:00Z');
    const cancelled = await book('test-practice', 'Cora Cancelled', '2026-03-13', '10:00-10:30');
    const missed = await book('test-practice', 'Nico Noshow', '2026-03-13', '10:30-11:00');
    expect(
      (await desk.post(`/api/v1/staff/appointments/${cancelled}/cancel`, { reason: 'Patient is ill' })).statusCode,
    ).toBe(200);
    await at('2026-03-13T16:00:00Z');
    expect((await desk.post(`/api/v1/staff/appointments/${missed}/no-show`)).statusCode).toBe(200);

    const before = await ctx.db.query('select id from review_requests');
    const toCancelled = await postRequest(desk, 'Cora Cancelled', { appointment_id: cancelled, send: true });
    expect(toCancelled.statusCode, toCancelled.body).toBe(409);
    expect(toCancelled.json()).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('this booking is cancelled'),
    });
    const toMissed = await postRequest(desk, 'Nico Noshow', { appointment_id: missed, send: false });
    expect(toMissed.statusCode, toMissed.body).toBe(409);
    expect(toMissed.json().message).toContain('this booking is a no-show');
    expect(await ctx.db.query('select id from review_requests')).toEqual(before);
  });
});
