import type { StaffRole } from '#domain/staff/staff-roles.ts';
import type { Queryable } from '../../../db/database.ts';

export type SessionEndReason =
  | 'signed_out'
  | 'signed_out_everywhere'
  | 'idle'
  | 'expired'
  | 'deactivated'
  | 'password_changed'
  | 'role_changed'
  | 'second_factor_reset';

export interface NewStaffSession {
  tokenHash: string;
  accountId: string;
  practiceId: string;
  csrfToken: string;
  ip: string;
  userAgent: string | null;
  at: Date;
  expiresAt: Date;
}

export async function insertSession(tx: Queryable, session: NewStaffSession): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into staff_sessions (token_hash, account_id, practice_id, csrf_token, ip, user_agent, created_at,
      last_active_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $7, $8) returning id`,
    [
      session.tokenHash,
      session.accountId,
      session.practiceId,
      session.csrfToken,
      session.ip,
      session.userAgent?.slice(0, 300) ?? null,
      session.at.toISOString(),
      session.expiresAt.toISOString(),
    ],
  );
  return row!.id;
}

/** A session row with what every request needs: its account and the idle rule of its practice. */
export interface LiveSessionRow {
  session_id: string;
  account_id: string;
  practice_id: string;
  csrf_token: string;
  last_active_at: Date;
  expires_at: Date;
  email: string;
  name: string | null;
  role: StaffRole;
  totp_enabled: boolean;
  idle_minutes: number;
  requires_totp: boolean;
}

/**
 * The session behind a cookie, if it has not ended and its account is active and still belongs to
 * the session's practice. The idle and absolute limits are the caller's to judge (it ends the row).
 */
export async function findOpenSession(db: Queryable, tokenHash: string): Promise<LiveSessionRow | null> {
  const [row] = await db.query<LiveSessionRow>(
    `select s.id as session_id, s.account_id, s.practice_id, s.csrf_token, s.last_active_at, s.expires_at,
            a.email, a.name, a.role, a.totp_enabled_at is not null as totp_enabled,
            p.staff_idle_minutes as idle_minutes, p.staff_requires_totp as requires_totp
       from staff_sessions s
       join staff_accounts a on a.id = s.account_id and a.deactivated_at is null
       join staff_memberships m on m.account_id = s.account_id and m.practice_id = s.practice_id
       join practices p on p.id = s.practice_id
      where s.token_hash = $1 and s.ended_at is null`,
    [tokenHash],
  );
  return row ?? null;
}

export async function touchSession(db: Queryable, sessionId: string, at: Date): Promise<void> {
  await db.query(`update staff_sessions set last_active_at = $2 where id = $1 and ended_at is null`, [
    sessionId,
    at.toISOString(),
  ]);
}

export async function setSessionPractice(db: Queryable, sessionId: string, practiceId: string): Promise<void> {
  await db.query(`update staff_sessions set practice_id = $2 where id = $1`, [sessionId, practiceId]);
}

export async function endSession(db: Queryable, sessionId: string, reason: SessionEndReason, at: Date): Promise<void> {
  await db.query(`update staff_sessions set ended_at = $2, ended_reason = $3 where id = $1 and ended_at is null`, [
    sessionId,
    at.toISOString(),
    reason,
  ]);
}

/** Every open session of an account ends at once (sign out everywhere, deactivation, a new password). */
export async function endAccountSessions(
  db: Queryable,
  accountId: string,
  reason: SessionEndReason,
  at: Date,
): Promise<number> {
  const rows = await db.query(
    `update staff_sessions set ended_at = $2, ended_reason = $3 where account_id = $1 and ended_at is null
      returning id`,
    [accountId, at.toISOString(), reason],
  );
  return rows.length;
}
