import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { addStaff, newPractice, signIn, type StaffClient } from '../../test/staff-factory.ts';
import { fixedClock, withTestApp } from '../../test/test-app.ts';

// Who may call the account routes (ADR 0038): a session, the owner's rights, and the CSRF token.
const clock = fixedClock('2026-03-02T12:00:00Z');
let practiceId: string;
let deskId: string;

const ctx = withTestApp({
  clock,
  seed: async (db) => {
    practiceId = await newPractice(db);
    deskId = (await addStaff(db, { practiceIds: [practiceId] })).id;
  },
});

type Route = { method: NonNullable<InjectOptions['method']>; url: () => string; payload?: object };
const OWNER_ROUTES: Route[] = [
  { method: 'GET', url: () => '/api/v1/staff/members' },
  {
    method: 'POST',
    url: () => '/api/v1/staff/members',
    payload: { email: 'guarded-invite@example.test', role: 'front_desk' },
  },
  { method: 'PATCH', url: () => `/api/v1/staff/members/${deskId}`, payload: { active: false } },
  { method: 'GET', url: () => '/api/v1/staff/practice/security' },
  { method: 'PUT', url: () => '/api/v1/staff/practice/security', payload: { idle_minutes: 60, require_totp: false } },
  { method: 'GET', url: () => '/api/v1/staff/audit?from=2026-03-01&to=2026-03-02' },
  { method: 'GET', url: () => '/api/v1/staff/audit/export.csv?from=2026-03-01&to=2026-03-02' },
];
const SIGNED_IN_ROUTES: Route[] = [
  { method: 'POST', url: () => '/api/v1/staff/totp/setup', payload: {} },
  { method: 'POST', url: () => '/api/v1/staff/totp/enable', payload: { code: '123456' } },
];
const label = (route: Route) => `${route.method} ${route.url()}`;
const send = (client: StaffClient, route: Route, headers: Record<string, string> = {}) =>
  client.request({
    method: route.method,
    url: route.url(),
    headers,
    ...(route.payload ? { payload: route.payload } : {}),
  });

describe('the account routes', () => {
  it('answer 401 without a session', async () => {
    for (const route of [...OWNER_ROUTES, ...SIGNED_IN_ROUTES]) {
      const response = await ctx.app.inject({
        method: route.method,
        url: route.url(),
        ...(route.payload ? { payload: route.payload } : {}),
      });
      expect(response.statusCode, label(route)).toBe(401);
    }
  });

  it("answer 403 to the front desk on every owner's route, and change nothing", async () => {
    const desk = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceId] }));
    for (const route of OWNER_ROUTES) {
      const response = await send(desk, route);
      expect(response.statusCode, label(route)).toBe(403);
      expect(response.json().code, label(route)).toBe('FORBIDDEN');
    }
    expect(await ctx.db.query(`select id from staff_accounts where email = 'guarded-invite@example.test'`)).toEqual([]);
    expect(
      await ctx.db.query(`select id from staff_accounts where id = $1 and deactivated_at is not null`, [deskId]),
    ).toEqual([]);
  });

  it('refuse every change without the CSRF token, or with another session’s', async () => {
    const owner = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceId], role: 'owner' }));
    const otherOwner = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceId], role: 'owner' }));
    for (const route of [...OWNER_ROUTES, ...SIGNED_IN_ROUTES].filter((r) => r.method !== 'GET')) {
      for (const token of ['', otherOwner.csrfToken]) {
        const response = await send(owner, route, { 'x-csrf-token': token });
        expect(response.statusCode, label(route)).toBe(403);
        expect(response.json().code, label(route)).toBe('CSRF_FAILED');
      }
    }
    expect(await ctx.db.query(`select id from staff_accounts where email = 'guarded-invite@example.test'`)).toEqual([]);
    expect((await owner.get('/api/v1/staff/practice/security')).json().result.idle_minutes).toBe(30);
  });

  it("let an owner of one practice read nothing of another's", async () => {
    const otherPracticeId = await newPractice(ctx.db);
    const theirOwner = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [otherPracticeId], role: 'owner' }));
    const members = (await theirOwner.get('/api/v1/staff/members')).json().result.members as { id: string }[];
    expect(members.map((member) => member.id)).not.toContain(deskId);
    expect(
      (
        await theirOwner.request({
          method: 'PATCH',
          url: `/api/v1/staff/members/${deskId}`,
          payload: { role: 'owner' },
        })
      ).statusCode,
    ).toBe(404);
    const trail = (await theirOwner.get('/api/v1/staff/audit?from=2026-03-01&to=2026-03-02')).json().result.entries as {
      account_email: string;
    }[];
    const ours = await ctx.db.query<{ account_email: string }>(
      `select distinct account_email from staff_audit where practice_id = $1`,
      [practiceId],
    );
    expect(ours.length).toBeGreaterThan(0);
    for (const { account_email: email } of ours) expect(trail.map((entry) => entry.account_email)).not.toContain(email);
  });
});
