import type { Queryable } from '../../db/database.ts';

/**
 * Write side of the practice import: upserts keyed by the numbers and names of the configuration
 * file. Each upsert writes only when a value differs, so importing an unchanged file leaves every
 * row (and `updated_at`) as it was.
 */

// Any constant works; it only has to differ from the migration lock.
const PRACTICE_IMPORT_LOCK_KEY = 724_502;

/** Serialises concurrent imports, so two processes cannot both create the same practice. */
export async function lockPracticeImport(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [PRACTICE_IMPORT_LOCK_KEY]);
}

export interface UpsertTarget {
  table: string;
  /** The unique key the file identifies a row by. */
  key: readonly string[];
  /** Set on update when some other column changed. */
  touchUpdatedAt?: boolean;
}

/**
 * Inserts `row`, or updates the row with the same key when (and only when) some value differs.
 * Column names are interpolated: they come from the strict config schema's keys, never from input.
 */
export async function upsertRow(tx: Queryable, target: UpsertTarget, row: Record<string, unknown>): Promise<void> {
  const columns = Object.keys(row);
  const others = columns.filter((column) => !target.key.includes(column));
  const placeholders = columns.map((_, i) => `$${i + 1}`).join(', ');
  const excluded = others.map((column) => `excluded.${column}`).join(', ');
  const current = others.map((column) => `${target.table}.${column}`).join(', ');
  await tx.query(
    `insert into ${target.table} (${columns.join(', ')}) values (${placeholders})
     on conflict (${target.key.join(', ')}) do update
        set (${others.join(', ')}) = row(${excluded})${target.touchUpdatedAt ? ', updated_at = now()' : ''}
      where row(${current}) is distinct from row(${excluded})`,
    columns.map((column) => row[column]),
  );
}

export async function findPracticeIdByFormUrl(tx: Queryable, formUrl: string): Promise<string | null> {
  const rows = await tx.query<{ id: string }>('select id from practices where form_url = $1', [formUrl]);
  return rows[0]?.id ?? null;
}

/** Rows the file no longer lists stay (appointments may reference them) but are switched off. */
export async function deactivateMissing(
  tx: Queryable,
  table: 'clinics' | 'providers' | 'operatories' | 'reasons_for_visit',
  practiceId: string,
  keyColumn: string,
  keptKeys: readonly (number | string)[],
): Promise<void> {
  const keyType = table === 'reasons_for_visit' ? 'text[]' : 'integer[]';
  await tx.query(
    `update ${table} set is_active = false
      where practice_id = $1 and is_active and not (${keyColumn} = any($2::${keyType}))`,
    [practiceId, [...keptKeys]],
  );
}

export async function listReasonIdsByName(tx: Queryable, practiceId: string): Promise<Map<string, string>> {
  const rows = await tx.query<{ id: string; name: string }>(
    'select id, name from reasons_for_visit where practice_id = $1',
    [practiceId],
  );
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** Makes the reason's provider (or clinic) set exactly `nums`, touching only the differences. */
export async function replaceReasonLinks(
  tx: Queryable,
  table: 'reason_providers' | 'reason_clinics',
  reasonId: string,
  nums: readonly number[],
): Promise<void> {
  const column = table === 'reason_providers' ? 'pms_prov_num' : 'pms_clinic_num';
  await tx.query(`delete from ${table} where reason_id = $1 and not (${column} = any($2::integer[]))`, [
    reasonId,
    [...nums],
  ]);
  await tx.query(
    `insert into ${table} (reason_id, ${column}) select $1, unnest($2::integer[]) on conflict do nothing`,
    [reasonId, [...nums]],
  );
}
