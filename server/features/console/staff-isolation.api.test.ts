import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_PUBLIC_URL } from '../reviews/review-test-support.ts';
import { bookVisit } from '../../test/booking-requests.ts';
import { importPractices, practiceConfig, reasonId } from '../../test/practice-factory.ts';
import { listRoutes } from '../../test/route-list.ts';
import { addStaff, signIn, type StaffClient } from '../../test/staff-factory.ts';
import { fixedClock, withTestApp } from '../../test/test-app.ts';

/**
 * Tenant isolation of the whole staff API (ADR 0038), a census: every route under /api/v1/staff/
 * is read from the app and must have an entry below. A route that takes an id of a practice's data
 * (in its path, query or body) is probed by an owner of practice A (every permission) with practice
 * B's real id: it must answer exactly as for an id that does not exist (404, or the 422 of a body
 * field), and none of B's rows may change. A route without such an id says why; a new staff route
 * without an entry fails here.
 */
const clock = fixedClock('2026-03-02T12:00:00Z');
const GOOGLE_URL = 'https://www.google.com/search?q=Practice+reviews';
let ownerA: StaffClient;
let ownerB: StaffClient;
let practiceB: string;
let reasonB: string;
let a: { practice: string; reason: string };
let b: {
  practice: string;
  reason: string;
  booking: string;
  block: string;
  feedback: string;
  member: string;
  patientLastName: string;
};

/** B's ids a probe may use; `missing` stands for an id nobody has. */
type Ids = { practice: string; reason: string; booking: string; block: string; feedback: string; member: string };
type Probe = { expect: 404 | 422; call: (ids: Ids) => Promise<LightMyRequestResponse> };
type Entry = { probes: Probe[] } | { noId: string };

const missingIds = (): Ids => {
  const id = () => crypto.randomUUID();
  return { practice: id(), reason: id(), booking: id(), block: id(), feedback: id(), member: id() };
};

const byPath = (call: Probe['call']): Probe => ({ expect: 404, call });
const STAFF = '/api/v1/staff';

const ROUTES: Record<string, Entry> = {
  // The session: who is signed in, and to which of the account's own practices.
  'POST /api/v1/staff/session': { noId: 'signing in: the account and its own practices (staff-session.api.test.ts)' },
  'GET /api/v1/staff/session': { noId: 'the session itself' },
  'DELETE /api/v1/staff/session': { noId: 'the session itself (and, everywhere, the account’s own sessions)' },
  'PUT /api/v1/staff/session/practice': {
    probes: [
      byPath((ids) =>
        ownerA.request({ method: 'PUT', url: `${STAFF}/session/practice`, payload: { practice_id: ids.practice } }),
      ),
    ],
  },
  'POST /api/v1/staff/totp/setup': { noId: 'the signed-in account’s own second factor' },
  'POST /api/v1/staff/totp/enable': { noId: 'the signed-in account’s own second factor' },
  'GET /api/v1/staff/password-links/:token': {
    noId: ':token is a one-time secret of a link sent by e-mail, not an id of a practice’s data',
  },
  'POST /api/v1/staff/password-links/:token': {
    noId: ':token is a one-time secret of a link sent by e-mail, not an id of a practice’s data',
  },
  'POST /api/v1/staff/password-reset': {
    noId: 'public, by e-mail address; answers the same whether an account exists',
  },
  'GET /api/v1/staff/practice/security': { noId: 'the session’s practice' },
  // The practice file's numbers (pms_prov_num …) are the session's practice's own, checked by its rules.
  'GET /api/v1/staff/settings': { noId: 'the session’s practice' },
  'PUT /api/v1/staff/settings': { noId: 'the session’s practice, whole: no id of another practice’s rows' },
  'POST /api/v1/staff/settings/preview': { noId: 'the session’s practice, with unsaved settings of its own' },
  'GET /api/v1/staff/settings/history': { noId: 'the session’s practice' },
  'GET /api/v1/staff/settings/export': { noId: 'the session’s practice' },
  'POST /api/v1/staff/settings/images': { noId: 'the session’s practice: a new image of its own' },
  'PUT /api/v1/staff/practice/security': { noId: 'the session’s practice' },
  'GET /api/v1/staff/members': { noId: 'a list of the session’s practice' },
  'GET /api/v1/staff/opendental/status': { noId: 'the session’s practice’s Open Dental mirror' },
  'POST /api/v1/staff/opendental/refresh': { noId: 'the session’s practice’s Open Dental mirror' },
  'GET /api/v1/staff/insights/funnel': {
    noId: 'the session’s practice’s funnel and bookings, by date range (ADR 0080)',
  },
  'POST /api/v1/staff/members': { noId: 'invites into the session’s practice' },
  'PATCH /api/v1/staff/members/:id': {
    probes: [
      byPath((ids) =>
        ownerA.request({ method: 'PATCH', url: `${STAFF}/members/${ids.member}`, payload: { active: false } }),
      ),
    ],
  },
  'POST /api/v1/staff/members/:id/second-factor-reset': {
    probes: [byPath((ids) => ownerA.post(`${STAFF}/members/${ids.member}/second-factor-reset`))],
  },
  'GET /api/v1/staff/audit': { noId: 'a list of the session’s practice; its `before` cursor only pages within it' },
  'GET /api/v1/staff/audit/export.csv': { noId: 'a list of the session’s practice' },

  // The schedule and what staff do to a booking.
  'GET /api/v1/staff/appointments': { noId: 'a list of the session’s practice (checked below: none of B’s bookings)' },
  'GET /api/v1/staff/appointments/:id': {
    probes: [byPath((ids) => ownerA.get(`${STAFF}/appointments/${ids.booking}`))],
  },
  'POST /api/v1/staff/appointments/:id/confirm': {
    probes: [byPath((ids) => ownerA.post(`${STAFF}/appointments/${ids.booking}/confirm`))],
  },
  'POST /api/v1/staff/appointments/:id/arrived': {
    probes: [byPath((ids) => ownerA.post(`${STAFF}/appointments/${ids.booking}/arrived`))],
  },
  'POST /api/v1/staff/appointments/:id/no-show': {
    probes: [byPath((ids) => ownerA.post(`${STAFF}/appointments/${ids.booking}/no-show`))],
  },
  'POST /api/v1/staff/appointments/:id/undo': {
    probes: [byPath((ids) => ownerA.post(`${STAFF}/appointments/${ids.booking}/undo`))],
  },
  'POST /api/v1/staff/appointments/:id/resend-confirmation': {
    probes: [byPath((ids) => ownerA.post(`${STAFF}/appointments/${ids.booking}/resend-confirmation`))],
  },
  'POST /api/v1/staff/appointments/:id/cancel': {
    probes: [
      byPath((ids) =>
        ownerA.post(`${STAFF}/appointments/${ids.booking}/cancel`, { reason: 'Crossing practices', refund: true }),
      ),
    ],
  },
  'POST /api/v1/staff/appointments/:id/reschedule': {
    probes: [
      byPath((ids) =>
        ownerA.post(`${STAFF}/appointments/${ids.booking}/reschedule`, {
          apt_date: '2026-03-05',
          start_time: '10:00:00',
          pms_prov_num: 1,
        }),
      ),
    ],
  },
  'GET /api/v1/staff/requests': { noId: 'a list of the session’s practice (checked below: none of B’s requests)' },
  'GET /api/v1/staff/texts': { noId: 'a list of the session’s practice (patient-texts.api.test.ts: none of B’s)' },
  'GET /api/v1/staff/slots': {
    probes: [
      byPath((ids) => ownerA.get(`${STAFF}/slots?date=2026-03-05&reason_id=${ids.reason}`)),
      byPath((ids) => ownerA.get(`${STAFF}/slots?date=2026-03-05&reason_id=${a.reason}&appointment_id=${ids.booking}`)),
    ],
  },

  // Phone bookings and blocked time.
  'POST /api/v1/staff/appointments': {
    probes: [
      byPath((ids) =>
        ownerA.post(`${STAFF}/appointments`, {
          reason_id: ids.reason,
          pms_prov_num: 1,
          apt_date: '2026-03-05',
          start_time: '10:00',
          first_name: 'Cross',
          last_name: 'Practice',
          dob: '1980-01-01',
          is_new_patient: true,
          email: 'cross@example.com',
          language: 'en',
          agreed_to_contact: true,
        }),
      ),
    ],
  },
  'POST /api/v1/staff/blocks': {
    noId:
      'blocks the session’s practice; its provider, chair and clinic numbers are the practice’s own ' +
      '(another’s is a 422, schedule-blocks.api.test.ts)',
  },
  'DELETE /api/v1/staff/blocks/:id': {
    probes: [byPath((ids) => ownerA.request({ method: 'DELETE', url: `${STAFF}/blocks/${ids.block}` }))],
  },

  // Feedback, review requests, search and export.
  'GET /api/v1/staff/feedback': { noId: 'a list of the session’s practice' },
  'GET /api/v1/staff/feedback/:id': { probes: [byPath((ids) => ownerA.get(`${STAFF}/feedback/${ids.feedback}`))] },
  'POST /api/v1/staff/feedback/:id/handled': {
    probes: [byPath((ids) => ownerA.post(`${STAFF}/feedback/${ids.feedback}/handled`, { note: 'Crossing practices' }))],
  },
  'GET /api/v1/staff/review-requests': { noId: 'a list of the session’s practice' },
  'POST /api/v1/staff/review-requests': {
    // The appointment is a body field: another practice's is the same 422 as a missing one.
    probes: [
      {
        expect: 422,
        call: (ids) =>
          ownerA.post(`${STAFF}/review-requests`, {
            patient_first_name: 'Cross',
            patient_last_name: 'Practice',
            appointment_id: ids.booking,
            send: false,
          }),
      },
    ],
  },
  'GET /api/v1/staff/search': { noId: 'searches the session’s practice (checked below: B’s patient is not found)' },
  'GET /api/v1/staff/appointments/export.csv': {
    noId: 'exports the session’s practice (checked below: none of B’s bookings)',
  },
};

const ctx = withTestApp({
  clock,
  config: { publicUrl: TEST_PUBLIC_URL },
  seed: async (db) => {
    const ids = await importPractices(
      db,
      practiceConfig({ form_url: 'practice-a', name: 'Practice A', google_review_url: GOOGLE_URL }),
      practiceConfig({ form_url: 'practice-b', name: 'Practice B', google_review_url: GOOGLE_URL }),
    );
    a = { practice: ids['practice-a']!, reason: await reasonId(db, ids['practice-a']!, 'Exam') };
    practiceB = ids['practice-b']!;
    reasonB = await reasonId(db, practiceB, 'Exam');
  },
});
beforeAll(async () => {
  ownerA = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [a.practice], role: 'owner' }));
  ownerB = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceB], role: 'owner' }));

  // B's data: a booking, a block, a review request that brought private feedback, and a member.
  const booking = await bookVisit(ctx.app, {
    practiceId: practiceB,
    reasonId: reasonB,
    apt_date: '2026-03-04',
    start_time: '09:00:00',
    end_time: '09:30:00',
    first_name: 'Berta',
    last_name: 'Onlyb',
    email: 'berta@example.com',
  });
  const block = await ownerB.post(`${STAFF}/blocks`, {
    date: '2026-03-04',
    start_time: '13:00',
    end_time: '14:00',
    label: 'B only',
  });
  expect(block.statusCode, block.body).toBe(201);
  const request = await ownerB.post(`${STAFF}/review-requests`, {
    patient_first_name: 'Berta',
    patient_last_name: 'Onlyb',
    appointment_id: booking,
    send: false,
  });
  expect(request.statusCode, request.body).toBe(201);
  const feedback = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/review/feedback',
    payload: {
      request_id: request.json().result.request_id,
      feedback_category: 'Long wait time',
      feedback_description: 'B’s feedback',
    },
  });
  expect(feedback.statusCode, feedback.body).toBe(201);
  const [feedbackRow] = await ctx.db.query<{ id: string }>('select id from review_feedback where request_id = $1', [
    request.json().result.request_id,
  ]);
  const member = await addStaff(ctx.db, { practiceIds: [practiceB], role: 'front_desk' });
  b = {
    practice: practiceB,
    reason: reasonB,
    booking,
    block: block.json().result.id,
    feedback: feedbackRow!.id,
    member: member.id,
    patientLastName: 'Onlyb',
  };
});

/** Every row of B's that a staff route could change, and what was written about B. */
const snapshotOfB = async () => {
  const rows = (sql: string, params: unknown[] = [b.practice]) => ctx.db.query(sql, params);
  return {
    appointments: await rows('select * from appointments where practice_id = $1 order by id'),
    blocks: await rows('select * from schedule_blocks where practice_id = $1 order by id'),
    requests: await rows('select * from review_requests where practice_id = $1 order by id'),
    feedback: await rows(
      `select f.* from review_feedback f join review_requests r on r.id = f.request_id where r.practice_id = $1
         order by f.id`,
    ),
    memberships: await rows('select * from staff_memberships where practice_id = $1 order by account_id'),
    member: await rows('select * from staff_accounts where id = $1', [b.member]),
    links: await rows('select count(*)::int as n from booking_links where appointment_id = $1', [b.booking]),
    jobs: await rows('select count(*)::int as n from jobs', []),
    audit: await rows(
      'select count(*)::int as n from staff_audit where practice_id = $1 or target_id = any($2::text[])',
      [b.practice, [b.booking, b.block, b.feedback, b.member]],
    ),
  };
};

const withoutIds = (response: LightMyRequestResponse, ids: Ids) =>
  JSON.parse(Object.values(ids).reduce((body, id) => body.replaceAll(id, '<id>'), response.body));

describe('the staff API across practices', () => {
  it('has an entry for every staff route, and no entry for a route that is gone', () => {
    const routes = listRoutes(ctx.app).filter((route) => route.split(' ')[1]!.startsWith(`${STAFF}/`));
    expect(routes.length).toBeGreaterThan(20);
    expect(Object.keys(ROUTES).sort()).toEqual(routes);
  });

  it("answers B's real ids to an owner of A exactly as ids that do not exist, and changes nothing of B's", async () => {
    const before = await snapshotOfB();
    const missing = missingIds();
    for (const [route, entry] of Object.entries(ROUTES)) {
      if (!('probes' in entry)) continue;
      for (const probe of entry.probes) {
        const crossing = await probe.call(b);
        const unknown = await probe.call(missing);
        expect(crossing.statusCode, `${route}: ${crossing.body}`).toBe(probe.expect);
        // The same answer, but for the id itself where a message repeats it.
        expect(withoutIds(crossing, b), route).toEqual(withoutIds(unknown, missing));
      }
    }
    expect(await snapshotOfB()).toEqual(before);
  });

  it("lists none of B's data to A, while B's own staff see it", async () => {
    const idsIn = (response: LightMyRequestResponse) =>
      (response.json().result.appointments as { id: string }[]).map((x) => x.id);
    const scheduleA = await ownerA.get(`${STAFF}/appointments?from=2026-03-02&to=2026-03-08`);
    expect(idsIn(scheduleA)).toEqual([]);
    expect(scheduleA.json().result.blocks.filter((x: { kind: string }) => x.kind === 'blocked')).toEqual([]);
    expect(idsIn(await ownerA.get(`${STAFF}/search?q=${b.patientLastName}`))).toEqual([]);
    expect((await ownerA.get(`${STAFF}/appointments/export.csv?from=2026-03-02&to=2026-03-08`)).body).not.toContain(
      b.patientLastName,
    );
    expect((await ownerA.get(`${STAFF}/feedback`)).json().result.feedback).toEqual([]);
    expect((await ownerA.get(`${STAFF}/review-requests?from=2026-03-02&to=2026-03-02`)).json().result.requests).toEqual(
      [],
    );
    expect(JSON.stringify((await ownerA.get(`${STAFF}/members`)).json().result)).not.toContain(b.member);
    expect(
      JSON.stringify((await ownerA.get(`${STAFF}/audit?from=2026-03-02&to=2026-03-02`)).json().result),
    ).not.toContain(b.booking);
    // A request without a time of B's (its system was down when the patient booked).
    const [request] = await ctx.db.query<{ id: string }>(
      `insert into appointments (practice_id, pms_prov_num, pms_op_num, status) values ($1, 0, 0, 'requested')
         returning id`,
      [b.practice],
    );
    expect((await ownerA.get(`${STAFF}/requests`)).json().result).toMatchObject({ requests: [], total: 0 });
    expect((await ownerB.get(`${STAFF}/requests`)).json().result.requests.map((x: { id: string }) => x.id)).toEqual([
      request!.id,
    ]);

    expect(idsIn(await ownerB.get(`${STAFF}/appointments?from=2026-03-02&to=2026-03-08`))).toEqual([b.booking]);
    expect(idsIn(await ownerB.get(`${STAFF}/search?q=${b.patientLastName}`))).toEqual([b.booking]);
    expect((await ownerB.get(`${STAFF}/feedback/${b.feedback}`)).statusCode).toBe(200);
  });
});
