import { describe, expect, it } from 'vitest';
import { StaffMemberSchema } from '#domain/staff/staff-accounts-schemas.ts';
import {
  addStaff,
  auditActions,
  newPractice,
  ownedPractice,
  signIn,
  signInAttempt,
  type StaffClient,
} from '../../../test/staff-factory.ts';
import { fixedClock, withTestApp } from '../../../test/test-app.ts';
import { totpCodeAt } from '../sign-in/second-factor.ts';

// An owner resets a member's second factor when they lose their authenticator app (ADR 0038).
const clock = fixedClock('2026-03-02T12:00:00Z');

const ctx = withTestApp({ clock });

const resetUrl = (id: string) => `/api/v1/staff/members/${id}/second-factor-reset`;

/** Turns the signed-in account's second factor on through its own set-up, as the console does. */
async function turnOnSecondFactor(client: StaffClient): Promise<{ secret: string }> {
  const { secret } = (await client.post('/api/v1/staff/totp/setup')).json().result as { secret: string };
  const enabled = await client.post('/api/v1/staff/totp/enable', { code: totpCodeAt(secret, clock.now()) });
  expect(enabled.statusCode, enabled.body).toBe(200);
  return { secret };
}

const secondFactorRow = async (accountId: string) => {
  const [row] = await ctx.db.query<{ totp_secret: string | null; totp_enabled_at: Date | null; codes: number }>(
    `select totp_secret, totp_enabled_at, (select count(*)::int from staff_recovery_codes where account_id =
       $1) as codes from staff_accounts where id = $1`,
    [accountId],
  );
  return row!;
};

describe("resetting a member's second factor", () => {
  it('clears the secret and recovery codes, ends their sessions at once, and is an audit row', async () => {
    const { practiceId, console: owner } = await ownedPractice(ctx.db, ctx.app);
    const desk = await addStaff(ctx.db, { practiceIds: [practiceId] });
    const { secret } = await turnOnSecondFactor(await signIn(ctx.app, desk));
    // The next step's code: the one that turned the factor on is spent (ADR 0040).
    clock.advance(30_000);
    const deskConsole = await signIn(ctx.app, { ...desk, code: totpCodeAt(secret, clock.now()) });
    expect((await secondFactorRow(desk.id)).codes).toBe(10);

    const response = await owner.post(resetUrl(desk.id));
    expect(response.statusCode, response.body).toBe(200);
    expect(StaffMemberSchema.parse(response.json().result)).toMatchObject({
      id: desk.id,
      totp_enabled: false,
      active: true,
    });
    expect(await secondFactorRow(desk.id)).toEqual({ totp_secret: null, totp_enabled_at: null, codes: 0 });
    expect((await deskConsole.get('/api/v1/staff/session')).statusCode).toBe(401);
    const reasons = await ctx.db.query<{ ended_reason: string }>(
      `select distinct ended_reason from staff_sessions where account_id = $1`,
      [desk.id],
    );
    expect(reasons).toEqual([{ ended_reason: 'second_factor_reset' }]);
    const [row] = await ctx.db.query<{ details: Record<string, unknown>; target_id: string }>(
      `select details, target_id from staff_audit where practice_id = $1 and action = 'staff.second_factor_reset'`,
      [practiceId],
    );
    expect(row).toEqual({ target_id: desk.id, details: { email: desk.email, sessions_ended: 2 } });

    // The password alone signs in now (the practice does not require a second factor).
    const again = await signInAttempt(ctx.app, desk.email, desk.password);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().result).toMatchObject({ account: { totp_enabled: false }, must_set_up_totp: false });
  });

  it('where the practice requires a second factor, has the member set up a new one at the next sign-in', async () => {
    const { practiceId, console: owner } = await ownedPractice(ctx.db, ctx.app);
    await turnOnSecondFactor(owner);
    const put = await owner.request({
      method: 'PUT',
      url: '/api/v1/staff/practice/security',
      payload: { idle_minutes: 30, require_totp: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    const desk = await addStaff(ctx.db, { practiceIds: [practiceId] });
    await turnOnSecondFactor(await signIn(ctx.app, desk));
    // Before the reset the password alone is not enough.
    expect((await signInAttempt(ctx.app, desk.email, desk.password)).json().code).toBe('CODE_REQUIRED');
    expect((await owner.post(resetUrl(desk.id))).statusCode).toBe(200);

    const next = await signIn(ctx.app, desk);
    expect(next.session.must_set_up_totp).toBe(true);
    expect((await next.get('/api/v1/staff/members')).json().code).toBe('TOTP_SETUP_REQUIRED');
    expect((await next.post('/api/v1/staff/totp/setup')).statusCode).toBe(200);
  });

  it('is 409 for a member without a second factor, and changes and audits nothing', async () => {
    const { practiceId, console: owner } = await ownedPractice(ctx.db, ctx.app);
    const desk = await addStaff(ctx.db, { practiceIds: [practiceId] });
    const deskConsole = await signIn(ctx.app, desk);
    const response = await owner.post(resetUrl(desk.id));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      success: false,
      code: 'CONFLICT',
      message: 'This member has no second factor to reset.',
    });
    expect((await deskConsole.get('/api/v1/staff/session')).statusCode).toBe(200);
    expect(await auditActions(ctx.db, practiceId)).not.toContain('staff.second_factor_reset');
  });

  it("is 404 for another practice's member, an operator, a malformed or unknown id; resets none of them", async () => {
    const { practiceId, console: owner } = await ownedPractice(ctx.db, ctx.app);
    const theirs = await addStaff(ctx.db, { practiceIds: [await newPractice(ctx.db)] });
    const operator = await addStaff(ctx.db, { practiceIds: [practiceId], role: 'operator' });
    await turnOnSecondFactor(await signIn(ctx.app, theirs));
    await turnOnSecondFactor(await signIn(ctx.app, operator));
    for (const id of [theirs.id, operator.id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const response = await owner.post(resetUrl(id));
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe('No such staff member.');
    }
    expect((await secondFactorRow(theirs.id)).codes).toBe(10);
    expect((await secondFactorRow(operator.id)).totp_enabled_at).not.toBeNull();
  });

  it('is for owners only: 403 for the front desk, 401 without a session, 403 without the CSRF token', async () => {
    const { practiceId, console: owner } = await ownedPractice(ctx.db, ctx.app);
    const target = await addStaff(ctx.db, { practiceIds: [practiceId] });
    await turnOnSecondFactor(await signIn(ctx.app, target));
    const desk = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceId] }));
    const refused = await desk.post(resetUrl(target.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('FORBIDDEN');
    expect((await ctx.app.inject({ method: 'POST', url: resetUrl(target.id) })).statusCode).toBe(401);
    const withoutToken = await owner.forged({ method: 'POST', url: resetUrl(target.id) });
    expect(withoutToken.json().code).toBe('CSRF_FAILED');
    expect((await secondFactorRow(target.id)).codes).toBe(10);
  });
});
