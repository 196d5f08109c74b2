import { describe, expect, it } from 'vitest';
import { addStaff, cookiesOf, signIn, STAFF_PASSWORD } from '../../../test/staff-factory.ts';
import { withPracticeApp } from '../../../test/practice-app.ts';
import { createTestApp, fixedClock } from '../../../test/test-app.ts';
import { LOCKOUT_FAILURES } from './sign-in-throttle.ts';

// The staff console's sign-in and sessions (ADR 0038).
const clock = fixedClock('2026-03-02T12:00:00Z');
const ctx = withPracticeApp({ clock, practices: [{}, { form_url: 'other-practice', name: 'Other Practice' }] });
const otherPracticeId = () => ctx.practiceIds['other-practice']!;

const attempt = (email: string, password: string, cookie?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/staff/session',
    payload: { email, password },
    ...(cookie ? { headers: { cookie } } : {}),
  });

describe('signing in', () => {
  it('opens a session behind an HttpOnly, SameSite=Lax cookie and answers who is signed in', async () => {
    const owner = await addStaff(ctx.db, { practiceIds: [ctx.practiceId], role: 'owner' });
    const response = await attempt(owner.email.toUpperCase(), owner.password);
    expect(response.statusCode).toBe(201);
    const setCookies = [response.headers['set-cookie']].flat().map(String);
    // Each cookie once: a second copy is at best noise, at worst two values the browser must choose between.
    expect(setCookies.filter((c) => c.startsWith('ct_staff='))).toHaveLength(1);
    expect(setCookies.filter((c) => c.startsWith('ct_device='))).toHaveLength(1);
    expect(setCookies.find((c) => c.startsWith('ct_staff='))).toMatch(
      /; Path=\/api\/v1\/staff; HttpOnly; SameSite=Lax$/,
    );
    expect(setCookies.find((c) => c.startsWith('ct_device='))).toMatch(/HttpOnly; SameSite=Lax; Max-Age=31536000$/);
    expect(response.headers['cache-control']).toBe('no-store');
    const session = response.json().result;
    expect(session).toMatchObject({
      account: { email: owner.email, role: 'owner' },
      practice: { id: ctx.practiceId, form_url: 'test-practice' },
      idle_minutes: 30,
      must_set_up_totp: false,
    });
    expect(session.permissions).toEqual([
      'schedule',
      'bookings',
      'feedback',
      'staff',
      'export',
      'audit',
      'security',
      'settings',
      'insights',
    ]);

    const again = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/staff/session',
      headers: { cookie: `ct_staff=${cookiesOf(response).ct_staff}` },
    });
    expect(again.json().result.csrf_token).toBe(session.csrf_token);
  });

  it('marks both cookies Secure when the public address is https', async () => {
    const secureApp = await createTestApp(ctx.db, { clock, config: { publicUrl: 'https://book.example.com' } });
    const owner = await addStaff(ctx.db, { practiceIds: [ctx.practiceId], role: 'owner' });
    const response = await secureApp.inject({
      method: 'POST',
      url: '/api/v1/staff/session',
      headers: { origin: 'https://book.example.com' },
      payload: { email: owner.email, password: owner.password },
    });
    expect(response.statusCode).toBe(201);
    const setCookies = [response.headers['set-cookie']].flat().map(String);
    for (const name of ['ct_staff', 'ct_device'])
      expect(setCookies.find((c) => c.startsWith(`${name}=`))).toMatch(/; Secure$/);
    await secureApp.close();
  });

  it('answers a wrong password and an unknown e-mail alike, and never with a session', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [ctx.practiceId] });
    const wrong = await attempt(desk.email, 'not the password at all');
    const unknown = await attempt('nobody-here@example.test', 'not the password at all');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toEqual({
      success: false,
      code: 'INVALID_CREDENTIALS',
      message: 'The e-mail or password is not right.',
    });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('makes a fresh session id at every sign-in, and a session cookie the browser brought opens nothing', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [ctx.practiceId] });
    const first = await signIn(ctx.app, desk);
    const second = await signIn(ctx.app, desk);
    expect(first.cookie).not.toBe(second.cookie);
    const planted = 'A'.repeat(32);
    expect(
      (
        await ctx.app.inject({
          method: 'GET',
          url: '/api/v1/staff/session',
          headers: { cookie: `ct_staff=${planted}` },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('refuses a bad body with a 4xx naming the field', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/staff/session',
      payload: { email: 'x@example.test' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().fields).toHaveProperty('password');
  });
});

describe('failed attempts', () => {
  it('grow a delay per e-mail, the same for an e-mail without an account', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [ctx.practiceId] });
    for (const email of [desk.email, 'ghost@example.test']) {
      for (let i = 0; i < 3; i++) expect((await attempt(email, 'wrong password here')).statusCode).toBe(401);
      const slowed = await attempt(email, email === desk.email ? desk.password : 'anything');
      expect(slowed.statusCode).toBe(429);
      expect(slowed.headers['retry-after']).toBe('1');
      clock.advance(1000);
    }
    expect((await attempt(desk.email, desk.password)).statusCode).toBe(201);
  });

  it('after ten, lock the account to new devices for 15 minutes; a device that signed in before gets in', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [ctx.practiceId] });
    const frontDesk = await signIn(ctx.app, desk);
    const deviceCookie = frontDesk.cookie.split('; ').find((c) => c.startsWith('ct_device='))!;
    for (let i = 0; i < LOCKOUT_FAILURES; i++) {
      const response = await attempt(desk.email, `stranger guess ${i}`);
      expect(response.statusCode, `attempt ${i + 1}`).toBe(401);
      clock.advance(61_000);
    }
    const locked = await attempt(desk.email, desk.password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/devices it has not used/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(13 * 60);
    // The same answer for an address without an account that strangers hammered.
    for (let i = 0; i < LOCKOUT_FAILURES; i++) {
      await attempt('ghost-locked@example.test', `guess ${i}`);
      clock.advance(61_000);
    }
    expect((await attempt('ghost-locked@example.test', 'x')).json().message).toBe(locked.json().message);

    expect((await attempt(desk.email, desk.password, deviceCookie)).statusCode).toBe(201);
    clock.advance(15 * 60_000);
    expect((await attempt(desk.email, desk.password)).statusCode).toBe(201);
  });
});

describe('sessions', () => {
  it('end after 30 minutes idle; a console poll does not count as activity', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [ctx.practiceId] });
    const client = await signIn(ctx.app, desk);
    clock.advance(20 * 60_000);
    expect((await client.get('/api/v1/staff/session', { 'x-console-poll': '1' })).statusCode).toBe(200);
    clock.advance(11 * 60_000);
    const ended = await client.get('/api/v1/staff/session');
    expect(ended.statusCode).toBe(401);
    expect(ended.json().code).toBe('UNAUTHORIZED');
  });

  it('stay open while used, but end 12 hours after sign-in', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [ctx.practiceId] });
    const client = await signIn(ctx.app, desk);
    for (let hour = 0; hour < 47; hour++) {
      clock.advance(15 * 60_000);
      expect((await client.get('/api/v1/staff/session')).statusCode, `after ${(hour + 1) * 15} minutes`).toBe(200);
    }
    clock.advance(15 * 60_000);
    expect((await client.get('/api/v1/staff/session')).statusCode).toBe(401);
  });

  it('sign out here, or everywhere', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [ctx.practiceId] });
    const laptop = await signIn(ctx.app, desk);
    const tablet = await signIn(ctx.app, desk);
    const phone = await signIn(ctx.app, desk);
    const out = await laptop.request({ method: 'DELETE', url: '/api/v1/staff/session' });
    expect(out.json()).toEqual({ success: true, result: { signed_out: true } });
    expect((await laptop.get('/api/v1/staff/session')).statusCode).toBe(401);
    expect((await tablet.get('/api/v1/staff/session')).statusCode).toBe(200);
    await tablet.request({ method: 'DELETE', url: '/api/v1/staff/session?everywhere=true' });
    expect((await phone.get('/api/v1/staff/session')).statusCode).toBe(401);
  });

  it('refuse a change without the session’s CSRF token, and a sign-in posted from another site', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [ctx.practiceId] });
    const client = await signIn(ctx.app, desk);
    const forged = await client.forged({ method: 'DELETE', url: '/api/v1/staff/session' });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().code).toBe('CSRF_FAILED');
    const wrongToken = await client.forged({ method: 'DELETE', url: '/api/v1/staff/session' }, 'x'.repeat(32));
    expect(wrongToken.statusCode).toBe(403);
    expect((await client.get('/api/v1/staff/session')).statusCode).toBe(200);
    const crossSite = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/staff/session',
      headers: { origin: 'https://evil.example' },
      payload: { email: desk.email, password: STAFF_PASSWORD },
    });
    expect(crossSite.statusCode).toBe(403);
  });

  it('let an operator switch between its practices, and no further', async () => {
    const operator = await addStaff(ctx.db, { practiceIds: [ctx.practiceId, otherPracticeId()], role: 'operator' });
    const client = await signIn(ctx.app, operator);
    expect((client.session.practices as unknown[]).length).toBe(2);
    const switched = await client.request({
      method: 'PUT',
      url: '/api/v1/staff/session/practice',
      payload: { practice_id: otherPracticeId() },
    });
    expect(switched.json().result.practice.id).toBe(otherPracticeId());
    expect((await client.get('/api/v1/staff/session')).json().result.practice.id).toBe(otherPracticeId());

    const desk = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [ctx.practiceId] }));
    const refused = await desk.request({
      method: 'PUT',
      url: '/api/v1/staff/session/practice',
      payload: { practice_id: otherPracticeId() },
    });
    expect(refused.statusCode).toBe(404);
    expect((await desk.get('/api/v1/staff/session')).json().result.practice.id).toBe(ctx.practiceId);
  });

  it('are written to the audit trail, which refuses changes', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [ctx.practiceId] });
    await signIn(ctx.app, desk);
    const rows = await ctx.db.query<{ action: string; ip: string }>(
      `select action, ip from staff_audit where account_email = $1`,
      [desk.email],
    );
    expect(rows).toEqual([{ action: 'session.sign_in', ip: '127.0.0.1' }]);
    await expect(
      ctx.db.query(`update staff_audit set action = 'x' where account_email = $1`, [desk.email]),
    ).rejects.toThrow(/append-only/);
    await expect(ctx.db.query(`delete from staff_audit where account_email = $1`, [desk.email])).rejects.toThrow(
      /append-only/,
    );
  });

  it('answer 401 to every staff route without a session', async () => {
    for (const url of ['/api/v1/staff/session']) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});
