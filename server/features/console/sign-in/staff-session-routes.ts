import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SignedOutSchema,
  SignInBodySchema,
  StaffSessionSchema,
  SwitchPracticeBodySchema,
  type StaffSession,
} from '#domain/staff/staff-session-schemas.ts';
import { STAFF_PERMISSIONS, can } from '#domain/staff/staff-roles.ts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { ok } from '../../../http/request-parsing.ts';
import { answers, BODY_ERRORS, okResult } from '../../../http/route-schemas.ts';
import {
  findAccountPractice,
  listAccountPractices,
  type StaffPracticeRow,
} from '../staff/staff-accounts-repository.ts';
import {
  type CookieSettings,
  DEVICE_COOKIE,
  SESSION_COOKIE,
  clearSessionCookie,
  cookieToken,
  setDeviceCookie,
  setSessionCookie,
} from './staff-cookies.ts';
import { audit, principalOfToken, STAFF_ERRORS, staffOf, type StaffPrincipal } from '../staff-session-guard.ts';
import { endAccountSessions, endSession, setSessionPractice } from './staff-sessions-repository.ts';
import { SignInThrottled, createStaffSignIn } from './staff-sign-in-service.ts';

const practiceView = (row: StaffPracticeRow) => ({
  id: row.id,
  name: row.name,
  form_url: row.form_url,
  time_zone: row.time_zone,
  builtin_schedule: row.builtin_schedule,
});

export async function sessionView(db: Database, principal: StaffPrincipal): Promise<StaffSession> {
  const practices = await listAccountPractices(db, principal.accountId);
  const current = practices.find((practice) => practice.id === principal.practiceId)!;
  return {
    account: {
      id: principal.accountId,
      email: principal.email,
      name: principal.name,
      role: principal.role,
      totp_enabled: principal.totpEnabled,
    },
    practice: practiceView(current),
    practices: practices.map(practiceView),
    permissions: STAFF_PERMISSIONS.filter((permission) => can(principal.role, permission)),
    csrf_token: principal.csrfToken,
    idle_minutes: principal.idleMinutes,
    expires_at: principal.expiresAt.toISOString(),
    must_set_up_totp: principal.mustSetUpTotp,
  };
}

const SESSION = okResult(StaffSessionSchema);
const SCHEMAS = {
  signIn: {
    summary: 'Signs in with e-mail, password and, when on, the second factor; answers the new session',
    tags: ['staff'],
    body: SignInBodySchema,
    // 401 for a wrong password or a missing code, 403 for a foreign Origin or an account without a practice.
    response: answers({ 201: SESSION }, [...STAFF_ERRORS, ...BODY_ERRORS]),
  },
  read: {
    summary: 'Who is signed in, at which practice, and what they may do',
    tags: ['staff'],
    response: answers({ 200: SESSION }, STAFF_ERRORS),
  },
  signOut: {
    summary: 'Signs out here, or everywhere with everywhere=true',
    tags: ['staff'],
    querystring: z.object({ everywhere: z.string().optional() }),
    response: answers({ 200: okResult(SignedOutSchema) }, STAFF_ERRORS),
  },
  switchPractice: {
    summary: "Switches the session to another of the account's practices",
    tags: ['staff'],
    body: SwitchPracticeBodySchema,
    response: answers({ 200: SESSION }, [...STAFF_ERRORS, ...BODY_ERRORS, 404]),
  },
};

/**
 * `/api/v1/staff/session` (ADR 0038): sign in, who is signed in, sign out (here or everywhere),
 * and an operator's switch of practice. Signing in answers the new session; a console then reads
 * it back with GET after a reload.
 */
export function registerStaffSessionRoutes(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; cookies: CookieSettings },
): void {
  const { db, clock } = deps;
  const staff = app.withTypeProvider<ZodTypeProvider>();
  const signIn = createStaffSignIn({ db, clock });

  const signInRule = { config: { staff: { public: true } }, schema: SCHEMAS.signIn };
  staff.post('/session', signInRule, async (request, reply) => {
    const { body } = request;
    try {
      const signedIn = await signIn({
        ...body,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? null,
        deviceToken: cookieToken(request, DEVICE_COOKIE),
      });
      setSessionCookie(reply, signedIn.sessionToken, deps.cookies);
      setDeviceCookie(reply, signedIn.deviceToken, deps.cookies);
      // Read back through the guard's own query, so the answer is exactly what GET would say.
      const principal = await principalOfToken(deps, signedIn.sessionToken, { touch: false });
      return reply.status(201).send(ok(await sessionView(db, principal!)));
    } catch (error) {
      if (error instanceof SignInThrottled) void reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  });

  const duringSetup = { config: { staff: { duringTotpSetup: true } } };
  staff.get('/session', { ...duringSetup, schema: SCHEMAS.read }, async (request) =>
    ok(await sessionView(db, staffOf(request))),
  );

  staff.delete('/session', { ...duringSetup, schema: SCHEMAS.signOut }, async (request, reply) => {
    const principal = staffOf(request);
    const everywhere = request.query.everywhere === 'true';
    const now = clock.now();
    if (everywhere) await endAccountSessions(db, principal.accountId, 'signed_out_everywhere', now);
    else await endSession(db, principal.sessionId, 'signed_out', now);
    await audit(request, deps, { action: everywhere ? 'session.sign_out_everywhere' : 'session.sign_out' });
    clearSessionCookie(reply, deps.cookies);
    return ok({ signed_out: true as const });
  });

  staff.put('/session/practice', { config: { staff: {} }, schema: SCHEMAS.switchPractice }, async (request) => {
    const principal = staffOf(request);
    const { practice_id: practiceId } = request.body;
    // Another practice's id answers as a missing one would.
    if (!(await findAccountPractice(db, principal.accountId, practiceId))) throw AppError.notFound('No such practice.');
    await audit(request, deps, { action: 'session.switch_practice', targetType: 'practice', targetId: practiceId });
    await setSessionPractice(db, principal.sessionId, practiceId);
    const token = cookieToken(request, SESSION_COOKIE)!;
    return ok(await sessionView(db, (await principalOfToken(deps, token, { touch: false }))!));
  });
}
