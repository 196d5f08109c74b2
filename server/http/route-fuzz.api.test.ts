import Fastify, { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '#domain/staff/staff-roles.ts';
import { TEST_ADMIN_KEY } from '../features/reviews/review-test-support.ts';
import { bookingBody } from '../test/booking-factory.ts';
import { solveBotChallenge } from '../test/bot-challenge.ts';
import { importPractices, practiceConfig, reasonId } from '../test/practice-factory.ts';
import { type FieldKind, type RouteFields, routeFieldsOf, type Slot } from '../test/route-fuzz-routes.ts';
import { listRoutes } from '../test/route-list.ts';
import { addStaff, signIn, type StaffClient } from '../test/staff-factory.ts';
import { fixedClock, withTestApp } from '../test/test-app.ts';
import { registerRouteSchemas } from './route-schemas.ts';

/**
 * Invariant 7 over the whole route table (ADR 0041): every route the app registers gets hostile
 * dates, times, numbers, ids and shapes in its path params, query and JSON body, one field at a
 * time (the others valid, so the value reaches the deepest check) and then every field of a kind
 * at once; signed in as each staff role in turn where the route is the console's, with a real
 * manage token where it is the patient's. Not one answer may be a 5xx. What each route reads comes
 * from its schemas (ADR 0070) through route-fuzz-routes.ts, with the seeds of route-fuzz-seeds.ts.
 */
const clock = fixedClock('2026-03-02T12:00:00Z');
const ROLES: StaffRole[] = ['front_desk', 'owner', 'operator'];
const BUDGET = 3_500;

const HUGE = 'x'.repeat(100_000);
const GENERIC: unknown[] = ['', null, false, [], {}, ['1', '2'], HUGE, '\u0000', '\uD800', "' OR 1=1 --", -1, 2 ** 53];
const BY_KIND: Record<FieldKind, unknown[]> = {
  day: [
    '2026-02-30',
    '9999-12-31',
    '0999-12-31',
    '0000-01-01',
    '1899-12-31',
    '1900-01-01',
    '2199-12-31',
    '2200-01-01',
    '+02026-03-03',
    '275760-09-13',
    '2026-03-03T10:00:00Z',
    '１９９０-０１-０１',
  ],
  time: ['09:00:30', '23:59:60', '25:00:00', '99:99', '24:00', '24:00:00', '23:59', '00:00', '-1:00', '09:00:00.000'],
  number: [
    2 ** 31,
    2 ** 31 - 1,
    2 ** 53,
    -(2 ** 31) - 1,
    0,
    1.5,
    1e308,
    '2147483648',
    '9223372036854775808',
    '999999999999999999',
    '1e3',
  ],
  instant: [
    '9999-12-31T00:00:00Z',
    '0001-01-01T00:00:00Z',
    '1900-01-01T00:00:00Z',
    '2199-12-31T23:59:59Z',
    '2026-02-30T00:00:00Z',
    '+275760-09-13T00:00:00.000Z',
    '2026-03-02T12:00:00+14:00',
  ],
  id: ['00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF', 'not-an-id', '../../x', '%00'],
  text: [],
  flag: ['true', 1, 'yes'],
};

/** A signed-in console per role, and a second one per role for the route that signs out. */
const consoles = new Map<StaffRole, StaffClient>();
const ownSessions = new Map<StaffRole, StaffClient>();
let records: Record<string, string>;
let practice: string;
let reason: string;

const ctx = withTestApp({
  clock,
  config: { adminApiKey: TEST_ADMIN_KEY },
  seed: async (db) => {
    practice = (await importPractices(db, practiceConfig({ max_reschedules: 20 })))['test-practice']!;
    reason = await reasonId(db, practice, 'Exam');
  },
});
beforeAll(async () => {
  const book = async (startTime: string, endTime: string) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/appointment',
      payload: bookingBody({
        practice_id: practice,
        rfv_id: reason,
        apt_date: '2026-03-04',
        start_time: startTime,
        end_time: endTime,
        email: `fuzz-${startTime.slice(0, 2)}@example.com`,
      }),
      headers: { 'x-bot-challenge': await solveBotChallenge(ctx.app) },
    });
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json().result as { appointment_id: string; manage_path: string };
    return { id: result.appointment_id, token: result.manage_path.split('/').at(-1)! };
  };
  // A booking of its own for each route that moves or ends one, so the others keep theirs.
  const moved = await book('09:00:00', '09:30:00');
  const cancelled = await book('10:00:00', '10:30:00');
  const staffBooking = await book('11:00:00', '11:30:00');
  const staffMoved = await book('14:00:00', '14:30:00');
  const staffCancelled = await book('15:00:00', '15:30:00');
  const member = await addStaff(ctx.db, { practiceIds: [practice], role: 'front_desk' });
  for (const role of ROLES) {
    consoles.set(role, await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practice], role })));
    ownSessions.set(role, await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practice], role })));
  }
  records = {
    practice,
    reason,
    formUrl: 'test-practice',
    token: moved.token,
    cancelToken: cancelled.token,
    booking: staffBooking.id,
    staffMove: staffMoved.id,
    staffCancel: staffCancelled.id,
    member: member.id,
    missing: crypto.randomUUID(),
  };
});

/** A baseline value with the fuzz's records filled in. */
const filled = (value: unknown): unknown =>
  typeof value === 'string' ? value.replace(/\{(\w+)\}/g, (_, name: string) => records[name] ?? `{${name}}`) : value;

const asText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));
function encodeSegment(value: unknown): string {
  try {
    return encodeURIComponent(asText(value));
  } catch {
    return '%ED%A0%80'; // a lone surrogate, which encodeURIComponent refuses: its raw bytes
  }
}
function queryString(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) && value.length > 0 ? value : [value])
      pairs.push(`${name}=${encodeSegment(item === null ? '' : item)}`);
  }
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** One request: `values` put into `slot` over the route's valid ones, or a JSON body that is not an object. */
type Case = { slot?: Slot; values: Record<string, unknown>; wholeBody?: unknown };

/** One request's options: the route's valid values, with `values` put into `slot` over them. */
function requestOf(route: string, spec: RouteFields, change: Case): InjectOptions {
  const [method, pattern] = route.split(' ') as [InjectOptions['method'], string];
  const part = (slot: Slot) => {
    const merged: Record<string, unknown> = Object.fromEntries(
      Object.entries(spec[slot] ?? {}).map(([name, field]) => [name, filled(field.value)]),
    );
    if (change.slot === slot) Object.assign(merged, change.values);
    return merged;
  };
  const params = part('params');
  const url =
    pattern.replace(/:(\w+)/g, (_, name: string) => encodeSegment(params[name] ?? 'x')) + queryString(part('query'));
  if (method === 'GET' || method === 'DELETE' || !spec.body) return { method, url };
  if ('wholeBody' in change)
    return { method, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(change.wholeBody) };
  const body = part('body');
  if (spec.isForm) {
    const form = Object.entries(body)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}=${encodeSegment(value)}`)
      .join('&');
    return { method, url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form };
  }
  return { method, url, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) };
}

/** Each field alone with its kind's values and a share of the generic ones, then each kind all at once. */
function casesOf(spec: RouteFields): Case[] {
  // The valid request first, once per staff role on a console route (roles take turns from there).
  const isConsole = spec.as === 'staff' || spec.as === 'own-session';
  const cases: Case[] = Array.from({ length: isConsole ? ROLES.length : 1 }, () => ({ values: {} }));
  let turn = 0;
  for (const slot of ['params', 'query', 'body'] as const) {
    const kinds = spec[slot] ?? {};
    const fields = Object.keys(kinds);
    for (const field of fields) {
      const kind = kinds[field]!.kind;
      const share = kind === 'text' ? 6 : 3;
      const generic = Array.from({ length: share }, () => GENERIC[turn++ % GENERIC.length]);
      for (const value of [...BY_KIND[kind], ...generic]) cases.push({ slot, values: { [field]: value } });
    }
    for (const kind of ['day', 'time', 'number'] as const) {
      const same = fields.filter((field) => kinds[field]!.kind === kind);
      if (same.length < 2) continue;
      for (const value of BY_KIND[kind])
        cases.push({ slot, values: Object.fromEntries(same.map((field) => [field, value])) });
    }
  }
  if (spec.body && !spec.isForm) for (const wholeBody of [[], 'text', 42]) cases.push({ values: {}, wholeBody });
  return cases;
}

/** Sends a request as the route's caller: a console of `role`, the operator, or with a solved bot challenge. */
async function send(spec: RouteFields, options: InjectOptions, role: StaffRole): Promise<LightMyRequestResponse> {
  const headers = { ...options.headers };
  switch (spec.as) {
    case 'staff':
      return consoles.get(role)!.request(options);
    case 'own-session':
      return ownSessions.get(role)!.request(options);
    case 'admin':
      return ctx.app.inject({ ...options, headers: { ...headers, authorization: `Bearer ${TEST_ADMIN_KEY}` } });
    case 'bot':
      return ctx.app.inject({
        ...options,
        headers: { ...headers, 'x-bot-challenge': await solveBotChallenge(ctx.app) },
      });
    case 'public':
      return ctx.app.inject(options);
  }
}

/** What is wrong with an answer: a 5xx, or a JSON 4xx that is not the one error shape. */
function problemOf(response: LightMyRequestResponse): string | null {
  const said = `${response.statusCode} ${response.body.slice(0, 160)}`;
  if (response.statusCode >= 500) return said;
  if (response.statusCode < 400 || !String(response.headers['content-type']).includes('json')) return null;
  const body = response.json() as { success?: unknown; code?: unknown; message?: unknown };
  const isErrorShape = body.success === false && typeof body.code === 'string' && typeof body.message === 'string';
  return isErrorShape ? null : `not the error shape: ${said}`;
}

// Routes that move the process's clock run last, and the clock is put back after each.
const LAST = ['POST /_dev/clock', 'DELETE /_dev/clock'];

describe('the route fuzz', () => {
  it('reads every registered route from its schemas, and names one it cannot know', async () => {
    const { routes, unknown } = routeFieldsOf(ctx.app);
    expect(unknown).toEqual([]);
    expect(Object.keys(routes)).toEqual(listRoutes(ctx.app));
    expect(routes['POST /api/v1/appointment']).toMatchObject({ as: 'bot', body: { dob: { kind: 'day' } } });
    // A route with a path parameter it does not describe, or a required field without a seed, is named.
    const bare = Fastify();
    await registerRouteSchemas(bare, { clock });
    bare.get('/x/:mystery', async () => ({}));
    bare.post('/y', { schema: { body: z.object({ riddle: z.string() }) } }, async () => ({}));
    await bare.ready();
    expect(routeFieldsOf(bare).unknown).toEqual([
      'GET /x/:mystery: params.mystery has no seed',
      'POST /y: body.riddle has no seed',
    ]);
    await bare.close();
  });

  it(
    'answers hostile dates, times, numbers, ids and shapes on every route without a 5xx',
    { timeout: 120_000 },
    async () => {
      const fields = routeFieldsOf(ctx.app).routes;
      const routes = Object.keys(fields).sort((a, b) => Number(LAST.includes(a)) - Number(LAST.includes(b)));
      const failures: string[] = [];
      let sent = 0;
      for (const route of routes) {
        const spec = fields[route]!;
        for (const [index, change] of casesOf(spec).entries()) {
          const role = ROLES[index % ROLES.length]!;
          const response = await send(spec, requestOf(route, spec, change), role);
          sent++;
          if (route === 'POST /_dev/clock') await ctx.app.inject({ method: 'DELETE', url: '/_dev/clock' });
          const problem = problemOf(response);
          const caller = spec.as === 'staff' || spec.as === 'own-session' ? role : spec.as;
          if (problem) failures.push(`${route} as ${caller} ${JSON.stringify(change).slice(0, 120)} -> ${problem}`);
        }
      }
      console.log(`route fuzz: ${sent} requests over ${routes.length} routes`);
      expect(failures.slice(0, 25)).toEqual([]);
      expect(sent).toBeLessThanOrEqual(BUDGET);
    },
  );
});
