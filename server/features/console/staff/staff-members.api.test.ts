import { describe, expect, it } from 'vitest';
import { StaffMemberSchema, StaffMembersSchema } from '#domain/staff/staff-accounts-schemas.ts';
import {
  addStaff,
  auditActions,
  emailsTo,
  linkTokenIn,
  newPractice,
  ownedPractice,
  signIn,
} from '../../../test/staff-factory.ts';
import { fixedClock, withTestApp } from '../../../test/test-app.ts';
import { mintPasswordLink } from './staff-accounts-service.ts';

// An owner manages the practice's staff (ADR 0038): invite, change roles, deactivate, reactivate.
const clock = fixedClock('2026-03-02T12:00:00Z');

const ctx = withTestApp({ clock });

const sessionEndReasons = async (accountId: string) =>
  (
    await ctx.db.query<{ ended_reason: string | null }>(
      `select ended_reason from staff_sessions where account_id = $1`,
      [accountId],
    )
  ).map((row) => row.ended_reason);

describe('the staff list', () => {
  it("lists the practice's own accounts, not operators nor another practice's", async () => {
    const { practiceId, owner, console: ownerConsole } = await ownedPractice(ctx.db, ctx.app);
    const desk = await addStaff(ctx.db, { practiceIds: [practiceId] });
    const operator = await addStaff(ctx.db, { practiceIds: [practiceId], role: 'operator' });
    const elsewhere = await addStaff(ctx.db, { practiceIds: [await newPractice(ctx.db)], role: 'owner' });
    await signIn(ctx.app, desk);

    const response = await ownerConsole.get('/api/v1/staff/members');
    expect(response.statusCode).toBe(200);
    const { members } = StaffMembersSchema.parse(response.json().result);
    const emails = members.map((member) => member.email);
    expect(emails).toEqual([owner.email, desk.email].sort());
    expect(emails).not.toContain(operator.email);
    expect(emails).not.toContain(elsewhere.email);
    expect(members.find((member) => member.email === desk.email)).toMatchObject({
      id: desk.id,
      role: 'front_desk',
      active: true,
      has_password: true,
      totp_enabled: false,
      last_sign_in_at: clock.now().toISOString(),
    });
  });
});

describe('an invitation', () => {
  it('creates the account without a password and e-mails it a 24-hour link that sets one', async () => {
    const { practiceId, console: ownerConsole } = await ownedPractice(ctx.db, ctx.app);
    const response = await ownerConsole.post('/api/v1/staff/members', {
      email: ' New.Hire@Example.test ',
      name: 'New Hire',
      role: 'front_desk',
    });
    expect(response.statusCode).toBe(201);
    const member = StaffMemberSchema.parse(response.json().result);
    expect(member).toMatchObject({
      email: 'new.hire@example.test',
      name: 'New Hire',
      role: 'front_desk',
      active: true,
      has_password: false,
      last_sign_in_at: null,
    });
    expect(await auditActions(ctx.db, practiceId)).toContain('staff.invite');

    const [email] = await emailsTo(ctx.db, 'new.hire@example.test');
    expect(email!.subject).toBe("You are invited to Own Practice's console on Chairtime");
    expect(email!.text).toContain('for 24 hours');
    const token = linkTokenIn(email!.text);
    const [link] = await ctx.db.query<{ expires_at: Date }>(
      `select expires_at from staff_password_links where account_id = $1`,
      [member.id],
    );
    expect(new Date(link!.expires_at).toISOString()).toBe(
      new Date(clock.now().getTime() + 24 * 3600_000).toISOString(),
    );
    const set = await ctx.app.inject({
      method: 'POST',
      url: `/api/v1/staff/password-links/${token}`,
      payload: { password: 'a long passphrase for the hire' },
    });
    expect(set.statusCode).toBe(200);
    await signIn(ctx.app, { email: 'new.hire@example.test', password: 'a long passphrase for the hire' });
  });

  it('is 409 for an e-mail already on the practice’s staff, and 422 for a bad body', async () => {
    const { practiceId, console: ownerConsole } = await ownedPractice(ctx.db, ctx.app);
    const ours = await addStaff(ctx.db, { practiceIds: [practiceId] });
    const response = await ownerConsole.post('/api/v1/staff/members', { email: ours.email, role: 'front_desk' });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
    expect(
      (await ownerConsole.post('/api/v1/staff/members', { email: 'x@example.test', role: 'operator' })).statusCode,
    ).toBe(422);
    expect(
      (await ownerConsole.post('/api/v1/staff/members', { email: 'not an address', role: 'owner' })).statusCode,
    ).toBe(422);
  });

  it('answers alike whether or not the address has an account at another practice, and tells its holder', async () => {
    const { practiceId, console: ownerConsole } = await ownedPractice(ctx.db, ctx.app);
    const elsewhere = await newPractice(ctx.db, 'Elsewhere Dental');
    const theirs = await addStaff(ctx.db, { practiceIds: [elsewhere] });
    const invite = (email: string) =>
      ownerConsole.post('/api/v1/staff/members', { email, name: 'Sam Hire', role: 'front_desk' });
    const taken = await invite(theirs.email);
    const fresh = await invite(`fresh-${Date.now()}@example.test`);
    expect(taken.statusCode).toBe(fresh.statusCode);
    const shape = (member: Record<string, unknown>) => ({ ...member, id: 'x', email: 'x' });
    const takenMember = StaffMemberSchema.parse(taken.json().result);
    expect(shape(takenMember)).toEqual(shape(StaffMemberSchema.parse(fresh.json().result)));
    // The list, the audit trail and a second invitation say nothing more.
    const members = StaffMembersSchema.parse((await ownerConsole.get('/api/v1/staff/members')).json().result).members;
    expect(members.find((member) => member.email === theirs.email)).toEqual(takenMember);
    expect((await auditActions(ctx.db, practiceId)).filter((action) => action === 'staff.invite')).toHaveLength(2);
    expect((await invite(theirs.email)).statusCode).toBe(409);
    const deactivated = await ownerConsole.request({
      method: 'PATCH',
      url: `/api/v1/staff/members/${takenMember.id}`,
      payload: { active: false },
    });
    expect(deactivated.json().result).toMatchObject({ id: takenMember.id, active: false });

    // The holder hears of it, with no link that would set their password; their account is untouched.
    const [notice] = await emailsTo(ctx.db, theirs.email);
    expect(notice!.subject).toBe('Own Practice invited this address to its console on Chairtime');
    expect(notice!.text).toMatch(/already has a Chairtime staff account/);
    expect(notice!.text).not.toMatch(/set-password/);
    const holder = await signIn(ctx.app, theirs);
    expect((holder.session.practices as { id: string }[]).map((practice) => practice.id)).toEqual([elsewhere]);
  });

  it('answers both of two practices that invite one new address at the same moment', async () => {
    const first = await ownedPractice(ctx.db, ctx.app);
    const second = await ownedPractice(ctx.db, ctx.app);
    // Several rounds, so that on PostgreSQL the two transactions overlap in at least one of them.
    for (let round = 0; round < 8; round++) {
      const email = `both-${round}-${Date.now()}@example.test`;
      const answers = await Promise.all(
        [first, second].map(({ console: owner }) =>
          owner.post('/api/v1/staff/members', { email, name: 'Sam Hire', role: 'front_desk' }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201]);
      const accounts = await ctx.db.query(`select id from staff_accounts where email = $1`, [email]);
      expect(accounts).toHaveLength(1);
    }
  });
});

describe('changing a member', () => {
  it('deactivates: the sessions end at once and sign-in stops; reactivating lets it in again', async () => {
    const { practiceId, console: ownerConsole } = await ownedPractice(ctx.db, ctx.app);
    const desk = await addStaff(ctx.db, { practiceIds: [practiceId] });
    const deskConsole = await signIn(ctx.app, desk);
    const linkBefore = await mintPasswordLink(ctx.db, desk.id, 'reset', clock.now());

    const response = await ownerConsole.request({
      method: 'PATCH',
      url: `/api/v1/staff/members/${desk.id}`,
      payload: { active: false },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ id: desk.id, active: false });
    expect(await sessionEndReasons(desk.id)).toEqual(['deactivated']);
    expect((await deskConsole.get('/api/v1/staff/session')).statusCode).toBe(401);
    await expect(signIn(ctx.app, desk)).rejects.toThrow(/401/);

    const back = await ownerConsole.request({
      method: 'PATCH',
      url: `/api/v1/staff/members/${desk.id}`,
      payload: { active: true },
    });
    // A reset link minted before the deactivation does not come back with the account.
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/v1/staff/password-links/${linkBefore}` })).statusCode,
    ).toBe(404);
    expect(back.json().result).toMatchObject({ active: true });
    await signIn(ctx.app, desk);
    expect(await auditActions(ctx.db, practiceId)).toEqual(
      expect.arrayContaining(['staff.deactivate', 'staff.reactivate']),
    );
  });

  it('changes a role: the sessions end at once, and the next one has the new rights', async () => {
    const { practiceId, console: ownerConsole } = await ownedPractice(ctx.db, ctx.app);
    const desk = await addStaff(ctx.db, { practiceIds: [practiceId] });
    const deskConsole = await signIn(ctx.app, desk);
    const response = await ownerConsole.request({
      method: 'PATCH',
      url: `/api/v1/staff/members/${desk.id}`,
      payload: { role: 'owner' },
    });
    expect(response.json().result).toMatchObject({ role: 'owner', active: true });
    expect((await deskConsole.get('/api/v1/staff/session')).statusCode).toBe(401);
    expect(await sessionEndReasons(desk.id)).toEqual(['role_changed']);
    const promoted = await signIn(ctx.app, desk);
    expect((await promoted.get('/api/v1/staff/members')).statusCode).toBe(200);
    const [row] = await ctx.db.query<{ details: Record<string, unknown> }>(
      `select details from staff_audit where action = 'staff.role_change' and target_id = $1`,
      [desk.id],
    );
    expect(row!.details).toMatchObject({ from: 'front_desk', to: 'owner', sessions_ended: 1 });
  });

  it('refuses to deactivate or demote the last active owner (409), and allows it once there is another', async () => {
    const { practiceId, owner, console: ownerConsole } = await ownedPractice(ctx.db, ctx.app);
    for (const payload of [{ active: false }, { role: 'front_desk' }]) {
      const response = await ownerConsole.request({
        method: 'PATCH',
        url: `/api/v1/staff/members/${owner.id}`,
        payload,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBe(409);
    }
    // A deactivated owner does not count.
    const formerOwner = await addStaff(ctx.db, { practiceIds: [practiceId], role: 'owner' });
    await ownerConsole.request({
      method: 'PATCH',
      url: `/api/v1/staff/members/${formerOwner.id}`,
      payload: { active: false },
    });
    expect(
      (
        await ownerConsole.request({
          method: 'PATCH',
          url: `/api/v1/staff/members/${owner.id}`,
          payload: { role: 'front_desk' },
        })
      ).statusCode,
    ).toBe(409);

    await ownerConsole.request({
      method: 'PATCH',
      url: `/api/v1/staff/members/${formerOwner.id}`,
      payload: { active: true },
    });
    const demoted = await ownerConsole.request({
      method: 'PATCH',
      url: `/api/v1/staff/members/${owner.id}`,
      payload: { role: 'front_desk' },
    });
    expect(demoted.statusCode).toBe(200);
    // The owner demoted themself: their own session ended with it.
    expect((await ownerConsole.get('/api/v1/staff/session')).statusCode).toBe(401);
  });

  it("is 404 for another practice's account, an operator, or no id at all, and changes nothing", async () => {
    const { console: ownerConsole, practiceId } = await ownedPractice(ctx.db, ctx.app);
    const theirs = await addStaff(ctx.db, { practiceIds: [await newPractice(ctx.db)] });
    const operator = await addStaff(ctx.db, { practiceIds: [practiceId], role: 'operator' });
    for (const id of [theirs.id, operator.id, 'not-an-id', '00000000-0000-4000-8000-000000000000']) {
      const response = await ownerConsole.request({
        method: 'PATCH',
        url: `/api/v1/staff/members/${id}`,
        payload: { active: false },
      });
      expect(response.statusCode, id).toBe(404);
      expect(response.json().message).toBe('No such staff member.');
    }
    const [row] = await ctx.db.query<{ deactivated_at: Date | null }>(
      `select deactivated_at from staff_accounts where id = $1`,
      [theirs.id],
    );
    expect(row!.deactivated_at).toBeNull();
    await signIn(ctx.app, theirs);
  });

  it('refuses an empty change or an unknown field with 422', async () => {
    const { console: ownerConsole, owner } = await ownedPractice(ctx.db, ctx.app);
    expect(
      (await ownerConsole.request({ method: 'PATCH', url: `/api/v1/staff/members/${owner.id}`, payload: {} }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await ownerConsole.request({
          method: 'PATCH',
          url: `/api/v1/staff/members/${owner.id}`,
          payload: { role: 'operator' },
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await ownerConsole.request({
          method: 'PATCH',
          url: `/api/v1/staff/members/${owner.id}`,
          payload: { email: 'x@example.test' },
        })
      ).statusCode,
    ).toBe(422);
  });

  it('lets an operator manage the practice it is in, as its owner would', async () => {
    const practiceId = await newPractice(ctx.db);
    const desk = await addStaff(ctx.db, { practiceIds: [practiceId] });
    const operator = await signIn(ctx.app, await addStaff(ctx.db, { practiceIds: [practiceId], role: 'operator' }));
    expect(
      (await operator.request({ method: 'PATCH', url: `/api/v1/staff/members/${desk.id}`, payload: { active: false } }))
        .statusCode,
    ).toBe(200);
  });
});
