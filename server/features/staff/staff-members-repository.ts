import type { Queryable } from '../../db/database.ts';

export async function countPracticeAccounts(db: Queryable, practiceId: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(`select count(*) as count from staff_memberships where practice_id = $1`, [practiceId]);
  return Number(row?.count ?? 0);
}

export async function deactivateAccount(db: Queryable, accountId: string, at: Date): Promise<void> {
  await db.query(`update staff_accounts set deactivated_at = $2, updated_at = $2 where id = $1 and deactivated_at is null`, [accountId, at.toISOString()]);
}
