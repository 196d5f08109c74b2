import type { Queryable } from '../../../db/database.ts';

// Any constants: they keep these advisory locks apart from the others (migrations, bookings, codes).
const EMAIL_LOCK_NAMESPACE = 381_027;
const IP_LOCK_NAMESPACE = 381_028;

/**
 * Serialises the attempts on one e-mail and on one IP until the transaction ends, across processes
 * (ADR 0040), so an attempt's count and its reservation are one step. Always the e-mail first, then
 * the IP: every attempt takes them in that order, so two attempts never wait for each other.
 */
export async function lockSignInKeys(tx: Queryable, emailHash: string, ip: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [EMAIL_LOCK_NAMESPACE, emailHash]);
  await tx.query('select pg_advisory_xact_lock($1, hashtext($2))', [IP_LOCK_NAMESPACE, ip]);
}

/**
 * An attempt about to be checked, counted as a failure until it turns out right (ADR 0040): the row
 * is written before the password is checked, and deleted by `settleSignInAttempt` when it was right.
 */
export async function reserveSignInAttempt(
  tx: Queryable,
  attempt: { emailHash: string; ip: string; deviceHash: string | null; at: Date },
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(
    `insert into staff_sign_in_failures (email_hash, ip, device_hash, at) values ($1, $2, $3, $4) returning id`,
    [attempt.emailHash, attempt.ip, attempt.deviceHash, attempt.at.toISOString()],
  );
  return String(row!.id);
}

/** The reserved attempt was right: it is no failure. */
export async function settleSignInAttempt(db: Queryable, attemptId: string): Promise<void> {
  await db.query(`delete from staff_sign_in_failures where id = $1`, [attemptId]);
}

export interface FailureCounts {
  /** Failures for this e-mail from devices not trusted for it. */
  untrusted: number;
  untrustedLastAt: Date | null;
  /** Failures for this e-mail from this trusted device. */
  device: number;
  deviceLastAt: Date | null;
  /** Failures from this IP, whatever the e-mail. */
  ip: number;
  ipLastAt: Date | null;
}

/** The failures since `since` that decide the next attempt's delay and the lockout. */
export async function countSignInFailures(
  db: Queryable,
  key: { emailHash: string; ip: string; deviceHash: string | null; since: Date },
): Promise<FailureCounts> {
  const [row] = await db.query<{
    untrusted: number;
    untrusted_last: Date | null;
    device: number;
    device_last: Date | null;
    ip: number;
    ip_last: Date | null;
  }>(
    `select count(*) filter (where email_hash = $1 and device_hash is null) as untrusted,
            max(at) filter (where email_hash = $1 and device_hash is null) as untrusted_last,
            count(*) filter (where email_hash = $1 and device_hash = $3) as device,
            max(at) filter (where email_hash = $1 and device_hash = $3) as device_last,
            count(*) filter (where ip = $2) as ip,
            max(at) filter (where ip = $2) as ip_last
       from staff_sign_in_failures
      where (email_hash = $1 or ip = $2) and at > $4`,
    [key.emailHash, key.ip, key.deviceHash, key.since.toISOString()],
  );
  return {
    untrusted: Number(row?.untrusted ?? 0),
    untrustedLastAt: row?.untrusted_last ? new Date(row.untrusted_last) : null,
    device: Number(row?.device ?? 0),
    deviceLastAt: row?.device_last ? new Date(row.device_last) : null,
    ip: Number(row?.ip ?? 0),
    ipLastAt: row?.ip_last ? new Date(row.ip_last) : null,
  };
}

/**
 * A successful sign-in forgets the failures of its own kind: an unknown device's clears the unknown
 * devices' count, a trusted device's only its own, so the front desk signing in does not lift a
 * lockout that a stranger earned.
 */
export async function clearSignInFailures(db: Queryable, emailHash: string, deviceHash: string | null): Promise<void> {
  await db.query(`delete from staff_sign_in_failures where email_hash = $1 and device_hash is not distinct from $2`, [
    emailHash,
    deviceHash,
  ]);
}

export async function deleteOldSignInFailures(db: Queryable, before: Date): Promise<void> {
  await db.query(`delete from staff_sign_in_failures where at < $1`, [before.toISOString()]);
}

export async function isTrustedDevice(db: Queryable, deviceHash: string, accountId: string): Promise<boolean> {
  const rows = await db.query(`select 1 from staff_devices where device_hash = $1 and account_id = $2`, [
    deviceHash,
    accountId,
  ]);
  return rows.length > 0;
}

export async function trustDevice(db: Queryable, deviceHash: string, accountId: string, at: Date): Promise<void> {
  await db.query(
    `insert into staff_devices (device_hash, account_id, created_at, last_used_at) values ($1, $2, $3, $3)
     on conflict (device_hash, account_id) do update set last_used_at = excluded.last_used_at`,
    [deviceHash, accountId, at.toISOString()],
  );
}
