import { describe, expect, it } from 'vitest';
import { PASSWORD_RESET_ANSWER } from '#domain/staff/staff-accounts-schemas.ts';
import { addStaff, auditActions, emailsTo, linkTokenIn, newPractice, signIn } from '../../../test/staff-factory.ts';
import { createTestApp, fixedClock, withTestApp } from '../../../test/test-app.ts';
import { PASSWORD_LIMITS, RESET_ANSWER_FLOOR_MS } from './password-link-routes.ts';
import { createStaffAccount, mintPasswordLink } from '../staff/staff-accounts-service.ts';

// One-time links that set a password, and the reset by e-mail (ADR 0038).
const clock = fixedClock('2026-03-02T12:00:00Z');
const NEW_PASSWORD = 'a long new passphrase for the desk';
let practiceId: string;

const ctx = withTestApp({
  clock,
  seed: async (db) => {
    practiceId = await newPractice(db, 'Link Practice');
  },
});

let invited = 0;
/** An account without a password yet, and its invitation's token. */
async function invitedAccount(role: 'owner' | 'front_desk' = 'front_desk') {
  const email = `invited${++invited}-${Date.now()}@example.test`;
  const { id } = await createStaffAccount(ctx.db, { email, role, practiceIds: [practiceId] }, clock.now());
  return { id, email, token: await mintPasswordLink(ctx.db, id, 'invite', clock.now()) };
}

const readLink = (token: string) => ctx.app.inject({ method: 'GET', url: `/api/v1/staff/password-links/${token}` });
const setPassword = (token: string, password: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url: `/api/v1/staff/password-links/${token}`, payload: { password }, headers });
const askReset = (email: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/staff/password-reset', payload: { email } });

describe('a password link', () => {
  it('says whose it is and what for, then sets the password once; the account signs in with it', async () => {
    const account = await invitedAccount();
    expect((await readLink(account.token)).json()).toEqual({
      success: true,
      result: { email: account.email, purpose: 'invite' },
    });

    const set = await setPassword(account.token, NEW_PASSWORD);
    expect(set.statusCode).toBe(200);
    expect(set.json().result).toEqual({ email: account.email, password_set: true });
    const [row] = await ctx.db.query<{ password_hash: string }>(
      `select password_hash from staff_accounts where id = $1`,
      [account.id],
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect(await auditActions(ctx.db, practiceId)).toContain('account.set_password');
    await signIn(ctx.app, { email: account.email, password: NEW_PASSWORD });

    // Used: gone, for reading and for a second password.
    expect((await readLink(account.token)).statusCode).toBe(404);
    expect((await setPassword(account.token, 'another long passphrase here')).statusCode).toBe(404);
    await signIn(ctx.app, { email: account.email, password: NEW_PASSWORD });
  });

  it('refuses a weak password with 422 naming the problem, and stays usable', async () => {
    const account = await invitedAccount();
    const short = await setPassword(account.token, 'short');
    expect(short.statusCode).toBe(422);
    expect(short.json().fields.password).toMatch(/at least 12 characters/);
    const common = await setPassword(account.token, 'password1234');
    expect(common.statusCode).toBe(422);
    expect(common.json().fields.password).toMatch(/most common/);
    expect((await setPassword(account.token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('is 404 when expired, malformed or unknown, and for a deactivated account', async () => {
    const late = await invitedAccount();
    clock.advance(24 * 3600_000);
    expect((await readLink(late.token)).statusCode).toBe(404);
    expect((await setPassword(late.token, NEW_PASSWORD)).statusCode).toBe(404);

    expect((await readLink('not-a-token')).statusCode).toBe(404);
    expect((await readLink('A'.repeat(32))).statusCode).toBe(404);
    expect((await setPassword('A'.repeat(32), NEW_PASSWORD)).statusCode).toBe(404);

    const gone = await invitedAccount();
    await ctx.db.query(`update staff_accounts set deactivated_at = $2 where id = $1`, [
      gone.id,
      clock.now().toISOString(),
    ]);
    expect((await readLink(gone.token)).statusCode).toBe(404);
    expect((await setPassword(gone.token, NEW_PASSWORD)).statusCode).toBe(404);
  });

  it('ends every session the account has open, and spends its other open links', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [practiceId] });
    const laptop = await signIn(ctx.app, desk);
    const tablet = await signIn(ctx.app, desk);
    const first = await mintPasswordLink(ctx.db, desk.id, 'reset', clock.now());
    const second = await mintPasswordLink(ctx.db, desk.id, 'reset', clock.now());
    expect((await setPassword(second, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await laptop.get('/api/v1/staff/session')).statusCode).toBe(401);
    expect((await tablet.get('/api/v1/staff/session')).statusCode).toBe(401);
    const reasons = await ctx.db.query<{ ended_reason: string }>(
      `select distinct ended_reason from staff_sessions where account_id = $1`,
      [desk.id],
    );
    expect(reasons).toEqual([{ ended_reason: 'password_changed' }]);
    expect((await readLink(first)).statusCode).toBe(404);
  });

  it('refuses a password posted from another site', async () => {
    const account = await invitedAccount();
    expect((await setPassword(account.token, NEW_PASSWORD, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await readLink(account.token)).statusCode).toBe(200);
  });
});

describe('a password reset', () => {
  it('answers the same, no sooner than the floor, whether or not the account exists', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [practiceId] });
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await askReset(email);
      return { response, ms: performance.now() - started };
    };
    const known = await timed(desk.email);
    const unknown = await timed('nobody-at-all@example.test');
    for (const { response, ms } of [known, unknown]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ success: true, result: { message: PASSWORD_RESET_ANSWER } });
      // Both wait out the floor, so the work an existing account costs does not show.
      expect(ms).toBeGreaterThanOrEqual(RESET_ANSWER_FLOOR_MS - 5);
    }
    expect(await emailsTo(ctx.db, 'nobody-at-all@example.test')).toEqual([]);
  });

  it('e-mails an active account a one-hour link that sets a new password', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [practiceId] });
    await askReset(`  ${desk.email.toUpperCase()} `);
    const [email] = await emailsTo(ctx.db, desk.email);
    expect(email!.subject).toBe('Set a new password for the Chairtime console');
    const token = linkTokenIn(email!.text);
    expect((await readLink(token)).json().result).toEqual({ email: desk.email, purpose: 'reset' });
    clock.advance(59 * 60_000);
    expect((await setPassword(token, NEW_PASSWORD)).statusCode).toBe(200);
    await signIn(ctx.app, { email: desk.email, password: NEW_PASSWORD });

    await askReset(desk.email);
    const late = linkTokenIn((await emailsTo(ctx.db, desk.email))[1]!.text);
    clock.advance(60 * 60_000);
    expect((await readLink(late)).statusCode).toBe(404);
  });

  it('sends at most three e-mails an hour to one account, answering the same', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [practiceId] });
    for (let i = 0; i < 5; i++) {
      const response = await askReset(desk.email);
      expect(response.statusCode).toBe(202);
      expect(response.json().result.message).toBe(PASSWORD_RESET_ANSWER);
      clock.advance(60_000);
    }
    expect(await emailsTo(ctx.db, desk.email)).toHaveLength(3);
    clock.advance(57 * 60_000);
    await askReset(desk.email);
    expect(await emailsTo(ctx.db, desk.email)).toHaveLength(4);
  });

  it('sends nothing to a deactivated account', async () => {
    const desk = await addStaff(ctx.db, { practiceIds: [practiceId] });
    await ctx.db.query(`update staff_accounts set deactivated_at = $2 where id = $1`, [
      desk.id,
      clock.now().toISOString(),
    ]);
    expect((await askReset(desk.email)).statusCode).toBe(202);
    expect(await emailsTo(ctx.db, desk.email)).toEqual([]);
  });

  it('is limited per IP more tightly than the rest of the staff API', async () => {
    // The app of the other tests lifts the limits (every injected request comes from one IP).
    const limitedApp = await createTestApp(ctx.db, { clock, config: { rateLimitMultiplier: 1 } });
    try {
      const ask = () =>
        limitedApp.inject({
          method: 'POST',
          url: '/api/v1/staff/password-reset',
          payload: { email: 'fishing@example.test' },
          remoteAddress: '198.51.100.77',
        });
      for (let i = 0; i < PASSWORD_LIMITS.reset.max; i++)
        expect((await ask()).statusCode, `request ${i + 1}`).toBe(202);
      const refused = await ask();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
    } finally {
      await limitedApp.close();
    }
  });

  it('refuses a body without an e-mail with 422', async () => {
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/v1/staff/password-reset', payload: {} })).statusCode,
    ).toBe(422);
  });
});
