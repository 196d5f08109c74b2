import type { SettingChange } from '#domain/practice/practice-config-diff.ts';
import type { Queryable } from '../../db/database.ts';

/** The practice's settings version, its row locked until the transaction ends: one change at a time (ADR 0079). */
export async function lockSettingsVersion(tx: Queryable, practiceId: string): Promise<number | null> {
  const [row] = await tx.query<{ settings_version: number }>(
    'select settings_version from practices where id = $1 for update',
    [practiceId],
  );
  return row ? Number(row.settings_version) : null;
}

export async function setSettingsVersion(tx: Queryable, practiceId: string, version: number): Promise<void> {
  await tx.query('update practices set settings_version = $2 where id = $1', [practiceId, version]);
}

export async function insertSettingsChange(
  tx: Queryable,
  change: { practiceId: string; version: number; at: Date; by: string; changes: readonly SettingChange[] },
): Promise<void> {
  await tx.query(
    'insert into practice_settings_changes (practice_id, version, at, by_who, changes) values ($1, $2, $3, $4, $5)',
    [change.practiceId, change.version, change.at.toISOString(), change.by, JSON.stringify(change.changes)],
  );
}

export interface SettingsChangeRow {
  version: number;
  at: Date;
  by: string;
  changes: SettingChange[];
}

/** Newest first; a practice's history is short (one row per save), so a page of it is enough. */
export async function listSettingsChanges(
  db: Queryable,
  practiceId: string,
  limit = 200,
): Promise<SettingsChangeRow[]> {
  const rows = await db.query<{ version: number; at: Date | string; by_who: string; changes: SettingChange[] }>(
    `select version, at, by_who, changes from practice_settings_changes
      where practice_id = $1 order by id desc limit $2`,
    [practiceId, limit],
  );
  return rows.map((row) => ({ version: row.version, at: new Date(row.at), by: row.by_who, changes: row.changes }));
}
