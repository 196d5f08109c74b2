import type { Queryable } from '../../../db/database.ts';

export interface PracticeSecurityRow {
  staff_idle_minutes: number;
  staff_requires_totp: boolean;
}

export async function findPracticeSecurity(db: Queryable, practiceId: string): Promise<PracticeSecurityRow | null> {
  const [row] = await db.query<PracticeSecurityRow>(
    `select staff_idle_minutes, staff_requires_totp from practices where id = $1`,
    [practiceId],
  );
  return row ?? null;
}

export async function updatePracticeSecurity(
  tx: Queryable,
  practiceId: string,
  security: { idleMinutes: number; requiresTotp: boolean },
): Promise<void> {
  await tx.query(`update practices set staff_idle_minutes = $2, staff_requires_totp = $3 where id = $1`, [
    practiceId,
    security.idleMinutes,
    security.requiresTotp,
  ]);
}
