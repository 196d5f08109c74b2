import type { Queryable } from '../../../db/database.ts';

export interface AuditEntry {
  action: string;
  targetType?: string | null;
  targetId?: string | null;
  details?: Record<string, unknown>;
}

export interface AuditActor {
  accountId: string | null;
  email: string;
  practiceId: string | null;
  ip: string | null;
}

/** Appends one row; the table refuses updates and deletes (migration 0017). */
export async function insertAudit(db: Queryable, actor: AuditActor, entry: AuditEntry, at: Date): Promise<void> {
  await db.query(
    `insert into staff_audit (at, account_id, account_email, practice_id, ip, action, target_type, target_id, details)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      at.toISOString(),
      actor.accountId,
      actor.email,
      actor.practiceId,
      actor.ip,
      entry.action,
      entry.targetType ?? null,
      entry.targetId ?? null,
      JSON.stringify(entry.details ?? {}),
    ],
  );
}

export interface AuditRow {
  id: string;
  at: Date;
  account_email: string;
  ip: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  details: Record<string, unknown>;
}

/**
 * A practice's trail, newest first, between two instants. Ordered by the table's bigint id, not the
 * text it is selected as (text would put id 99 after id 129).
 */
export async function listAudit(
  db: Queryable,
  practiceId: string,
  range: { from: Date; to: Date; limit: number; beforeId?: string | null },
): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `select id::text, at, account_email, ip, action, target_type, target_id, details
       from staff_audit
      where practice_id = $1 and at >= $2 and at < $3 and ($5::bigint is null or id < $5::bigint)
      order by staff_audit.id desc limit $4`,
    [practiceId, range.from.toISOString(), range.to.toISOString(), range.limit, range.beforeId ?? null],
  );
}
