import { describe, expect, it } from 'vitest';
import { TotpEnabledSchema, TotpSetupSchema } from '#domain/staff/staff-accounts-schemas.ts';
import {
  addStaff,
  auditActions,
  newPractice,
  signIn,
  signInAttempt,
  type StaffClient,
} from '../../../test/staff-factory.ts';
import { fixedClock, withTestApp } from '../../../test/test-app.ts';
import { totpCodeAt } from './second-factor.ts';

// The practice's security rules and the second factor they may require (ADR 0038).
const clock = fixedClock('2026-03-02T12:00:00Z');

const ctx = withTestApp({ clock });

const putSecurity = (client: StaffClient, payload: unknown) =>
  client.request({ method: 'PUT', url: '/api/v1/staff/practice/security', payload: payload as object });
const switchPractice = (client: StaffClient) =>
  client.request({
    method: 'PUT',
    url: '/api/v1/staff/session/practice',
    payload: { practice_id: '00000000-0000-4000-8000-000000000000' },
  });

describe('the practice security settings', () => {
  it('read and change the idle limit and the second-factor rule, as an audit row', async () => {
    const practiceId = await newPractice(ctx.db);
    const owner = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceId], role: 'owner' }));
    expect((await owner.get('/api/v1/staff/practice/security')).json().result).toEqual({
      idle_minutes: 30,
      require_totp: false,
    });
    const changed = await putSecurity(owner, { idle_minutes: 120, require_totp: false });
    expect(changed.json().result).toEqual({ idle_minutes: 120, require_totp: false });
    expect(await auditActions(ctx.db, practiceId)).toContain('practice.security');
    for (const idle of [4, 721, 30.5])
      expect((await putSecurity(owner, { idle_minutes: idle, require_totp: false })).statusCode).toBe(422);
  });

  it('hold for sessions already open: 60 minutes idle keeps a session once the limit is 120', async () => {
    const practiceId = await newPractice(ctx.db);
    const owner = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceId], role: 'owner' }));
    const desk = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceId] }));
    await putSecurity(owner, { idle_minutes: 120, require_totp: false });
    clock.advance(60 * 60_000);
    const session = await desk.get('/api/v1/staff/session');
    expect(session.statusCode).toBe(200);
    expect(session.json().result.idle_minutes).toBe(120);
    clock.advance(120 * 60_000);
    expect((await desk.get('/api/v1/staff/session')).statusCode).toBe(401);
  });

  it('with a second factor required, allow only the set-up until done; then sign-in asks for a code', async () => {
    const practiceId = await newPractice(ctx.db);
    const owner = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceId], role: 'owner' }));
    await putSecurity(owner, { idle_minutes: 30, require_totp: true });

    const deskAccount = await addStaff(ctx.db, { practiceIds: [practiceId] });
    const desk = await signIn(ctx.app, deskAccount);
    expect(desk.session.must_set_up_totp).toBe(true);
    // Any route but the set-up's (the schedule is not on this branch; switching practice is a route for all).
    const elsewhere = await switchPractice(desk);
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('TOTP_SETUP_REQUIRED');
    // The owner who turned it on has not set one up either.
    expect((await owner.get('/api/v1/staff/members')).json().code).toBe('TOTP_SETUP_REQUIRED');

    const setup = TotpSetupSchema.parse((await desk.post('/api/v1/staff/totp/setup')).json().result);
    expect(setup.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Chairtime:.+\?.*secret=/);
    const wrong = await desk.post('/api/v1/staff/totp/enable', {
      code: totpCodeAt(setup.secret, new Date(clock.now().getTime() - 10 * 60_000)),
    });
    expect(wrong.statusCode).toBe(422);
    const enabled = await desk.post('/api/v1/staff/totp/enable', { code: totpCodeAt(setup.secret, clock.now()) });
    expect(enabled.statusCode).toBe(200);
    const { recovery_codes: recoveryCodes } = TotpEnabledSchema.parse(enabled.json().result);
    expect(new Set(recoveryCodes).size).toBe(10);
    const stored = await ctx.db.query<{ code_hash: string }>(
      `select code_hash from staff_recovery_codes a join staff_accounts s on s.id = a.account_id where s.email = $1`,
      [deskAccount.email],
    );
    expect(stored).toHaveLength(10);
    expect(stored.map((row) => row.code_hash)).not.toContain(recoveryCodes[0]);
    expect(await auditActions(ctx.db, practiceId)).toContain('account.totp_enable');

    // The same session may now work.
    expect((await desk.get('/api/v1/staff/session')).json().result.must_set_up_totp).toBe(false);
    expect((await switchPractice(desk)).statusCode).toBe(404);
    expect((await desk.post('/api/v1/staff/totp/setup')).statusCode).toBe(409);

    // Sign-in now asks for the code; the app's code works, and a recovery code works once.
    const asked = await signInAttempt(ctx.app, deskAccount.email, deskAccount.password);
    expect(asked.statusCode).toBe(401);
    expect(asked.json().code).toBe('CODE_REQUIRED');
    clock.advance(60_000);
    expect(
      (await signInAttempt(ctx.app, deskAccount.email, deskAccount.password, totpCodeAt(setup.secret, clock.now())))
        .statusCode,
    ).toBe(201);
    expect((await signInAttempt(ctx.app, deskAccount.email, deskAccount.password, recoveryCodes[3])).statusCode).toBe(
      201,
    );
    clock.advance(2000);
    const reused = await signInAttempt(ctx.app, deskAccount.email, deskAccount.password, recoveryCodes[3]);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('CODE_REQUIRED');
  });

  it('take each app code once: the same or an earlier time step is refused after use (RFC 6238 §5.2)', async () => {
    const account = await addStaff(ctx.db, { practiceIds: [await newPractice(ctx.db)] });
    const desk = await signIn(ctx.app, account);
    const { secret } = TotpSetupSchema.parse((await desk.post('/api/v1/staff/totp/setup')).json().result);
    const enablingCode = totpCodeAt(secret, clock.now());
    expect((await desk.post('/api/v1/staff/totp/enable', { code: enablingCode })).statusCode).toBe(200);
    // The code that turned the factor on is spent too.
    expect((await signInAttempt(ctx.app, account.email, account.password, enablingCode)).json().code).toBe(
      'CODE_REQUIRED',
    );

    clock.advance(60_000);
    const code = totpCodeAt(secret, clock.now());
    expect((await signInAttempt(ctx.app, account.email, account.password, code)).statusCode).toBe(201);
    const replayed = await signInAttempt(ctx.app, account.email, account.password, code);
    expect(replayed.statusCode).toBe(401);
    expect(replayed.json().code).toBe('CODE_REQUIRED');
    // The step before is still inside the drift window, but older than the one used.
    const earlier = totpCodeAt(secret, new Date(clock.now().getTime() - 30_000));
    expect((await signInAttempt(ctx.app, account.email, account.password, earlier)).statusCode).toBe(401);

    clock.advance(30_000);
    expect(
      (await signInAttempt(ctx.app, account.email, account.password, totpCodeAt(secret, clock.now()))).statusCode,
    ).toBe(201);
  });

  it('refuse to enable without a set-up, and a code that is not six digits', async () => {
    const desk = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [await newPractice(ctx.db)] }));
    expect((await desk.post('/api/v1/staff/totp/enable', { code: '123456' })).statusCode).toBe(409);
    await desk.post('/api/v1/staff/totp/setup');
    expect((await desk.post('/api/v1/staff/totp/enable', { code: 'abcdef' })).statusCode).toBe(422);
  });
});
