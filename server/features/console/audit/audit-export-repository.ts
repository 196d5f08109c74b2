import type { Queryable } from '../../../db/database.ts';
import type { AuditRow } from './staff-audit-repository.ts';

/** A practice's whole trail between two instants, oldest first (the export). */
export async function listAuditForExport(
  db: Queryable,
  practiceId: string,
  range: { from: Date; to: Date },
): Promise<AuditRow[]> {
  return db.query<AuditRow>(
    `select id::text, at, account_email, ip, action, target_type, target_id, details
       from staff_audit
      where practice_id = $1 and at >= $2 and at < $3
      order by staff_audit.id`,
    [practiceId, range.from.toISOString(), range.to.toISOString()],
  );
}
