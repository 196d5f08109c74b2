import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { can, type StaffPermission, type StaffRole } from '#domain/staff/staff-roles.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { hashLinkToken } from '../booking-links/link-tokens.ts';
import { type AuditEntry, insertAudit } from './audit/staff-audit-repository.ts';
import { cookieToken, SESSION_COOKIE } from './sign-in/staff-cookies.ts';
import { endSession, findOpenSession, touchSession } from './sign-in/staff-sessions-repository.ts';

/** Who is signed in on this request; every staff query is scoped by `practiceId`. */
export interface StaffPrincipal {
  sessionId: string;
  accountId: string;
  email: string;
  name: string | null;
  role: StaffRole;
  practiceId: string;
  csrfToken: string;
  totpEnabled: boolean;
  idleMinutes: number;
  expiresAt: Date;
  mustSetUpTotp: boolean;
}

/**
 * What a staff route asks of the guard, in its route config (`config: { staff: { ... } }`):
 * `public` routes need no session (sign-in, password links); `permission` is checked against the
 * role; `duringTotpSetup` routes stay open while a required second factor is not set up yet.
 */
export interface StaffRouteRule {
  public?: boolean;
  permission?: StaffPermission;
  duringTotpSetup?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    staff?: StaffRouteRule;
  }
  interface FastifyRequest {
    staffPrincipal: StaffPrincipal | null;
  }
}

/** A console's periodic refresh: neither activity for the idle timeout nor a row of the audit trail. */
export const POLL_HEADER = 'x-console-poll';
export const CSRF_HEADER = 'x-csrf-token';
// Writing last_active_at on every request would be a write per poll; a minute's rounding is plenty.
const TOUCH_EVERY_MS = 60_000;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const digest = (text: string) => createHash('sha256').update(text).digest();
const sameSecret = (a: string, b: string) => timingSafeEqual(digest(a), digest(b));

export const SIGNED_OUT = () => new AppError(401, 'UNAUTHORIZED', 'Your session has ended. Sign in again.');
/** What a guarded staff route can answer besides its own errors: signed out (401), not allowed, no CSRF token (403). */
export const STAFF_ERRORS: (401 | 403)[] = [401, 403];

export const NOT_ALLOWED = () =>
  new AppError(403, 'FORBIDDEN', 'Your role does not allow this. Ask the practice owner.');

export function isPoll(request: FastifyRequest): boolean {
  return request.headers[POLL_HEADER] === '1';
}

/**
 * The one gate of `/api/v1/staff` (ADR 0038), a preValidation hook of the staff plugin: the session from
 * its cookie (ended when idle past the practice's limit or 12 hours old), the CSRF token on every
 * change, the second factor a practice requires, and the route's permission. Public routes check
 * the Origin of changes instead, since they have no session to hold a token.
 */
export function registerStaffGuard(
  staff: FastifyInstance,
  deps: { db: Database; clock: Clock; publicOrigin: string },
): void {
  staff.decorateRequest('staffPrincipal', null);
  // Before the route's schema reads the request (ADR 0070): a signed-out request is a 401 whatever it holds.
  staff.addHook('preValidation', async (request) => {
    const rule = request.routeOptions.config.staff ?? {};
    const changes = !SAFE_METHODS.has(request.method);
    if (rule.public) {
      const origin = request.headers.origin;
      if (changes && origin && origin !== deps.publicOrigin)
        throw new AppError(403, 'CSRF_FAILED', 'This request came from another site.');
      return;
    }
    const principal = await resolveSession(request, deps);
    if (!principal) throw SIGNED_OUT();
    if (changes) {
      const sent = request.headers[CSRF_HEADER];
      if (typeof sent !== 'string' || !sameSecret(sent, principal.csrfToken)) {
        throw new AppError(
          403,
          'CSRF_FAILED',
          'The request lacks this session’s CSRF token (X-CSRF-Token). Reload the console.',
        );
      }
    }
    if (principal.mustSetUpTotp && !rule.duringTotpSetup) {
      throw new AppError(
        403,
        'TOTP_SETUP_REQUIRED',
        'The practice requires a second factor: set up an authenticator app first.',
      );
    }
    if (rule.permission && !can(principal.role, rule.permission)) throw NOT_ALLOWED();
    request.staffPrincipal = principal;
  });
}

async function resolveSession(
  request: FastifyRequest,
  deps: { db: Database; clock: Clock },
): Promise<StaffPrincipal | null> {
  const token = cookieToken(request, SESSION_COOKIE);
  return token ? principalOfToken(deps, token, { touch: !isPoll(request) }) : null;
}

/** Whether the request carries an open staff session (for routes outside /api/v1/staff, ADR 0070). */
export async function hasStaffSession(request: FastifyRequest, deps: { db: Database; clock: Clock }): Promise<boolean> {
  const token = cookieToken(request, SESSION_COOKIE);
  return token ? (await principalOfToken(deps, token, { touch: false })) !== null : false;
}

/** The session a cookie's token opens, ending it when idle or too old; `touch` counts as activity. */
export async function principalOfToken(
  deps: { db: Database; clock: Clock },
  token: string,
  options: { touch: boolean },
): Promise<StaffPrincipal | null> {
  const row = await findOpenSession(deps.db, hashLinkToken(token));
  if (!row) return null;
  const now = deps.clock.now();
  const lastActive = new Date(row.last_active_at);
  const expiresAt = new Date(row.expires_at);
  if (now >= expiresAt) {
    await endSession(deps.db, row.session_id, 'expired', now);
    return null;
  }
  if (now.getTime() - lastActive.getTime() >= row.idle_minutes * 60_000) {
    await endSession(deps.db, row.session_id, 'idle', now);
    return null;
  }
  if (options.touch && now.getTime() - lastActive.getTime() >= TOUCH_EVERY_MS)
    await touchSession(deps.db, row.session_id, now);
  return {
    sessionId: row.session_id,
    accountId: row.account_id,
    email: row.email,
    name: row.name,
    role: row.role,
    practiceId: row.practice_id,
    csrfToken: row.csrf_token,
    totpEnabled: row.totp_enabled,
    idleMinutes: row.idle_minutes,
    expiresAt,
    mustSetUpTotp: row.requires_totp && !row.totp_enabled,
  };
}

/** The signed-in staff member of a guarded route (the guard has run; a public route has none). */
export function staffOf(request: FastifyRequest): StaffPrincipal {
  if (!request.staffPrincipal) throw SIGNED_OUT();
  return request.staffPrincipal;
}

/**
 * One row of the audit trail for what this request looked at or changed: who, when, from which IP,
 * in which practice. Pass `tx` to commit it with the change it records.
 */
export async function audit(
  request: FastifyRequest,
  deps: { db: Database; clock: Clock },
  entry: AuditEntry,
  tx: Queryable = deps.db,
): Promise<void> {
  const principal = staffOf(request);
  await insertAudit(
    tx,
    { accountId: principal.accountId, email: principal.email, practiceId: principal.practiceId, ip: request.ip },
    entry,
    deps.clock.now(),
  );
}
