import { randomBytes } from 'node:crypto';
import type { Queryable } from './database.ts';

/**
 * A secret generated once per deployment and shared by every process on the same database
 * (a per-process or per-DATA_DIR key would make one process reject another's tokens).
 */
export async function loadOrCreateSecret(db: Queryable, name: string): Promise<string> {
  await db.query('insert into app_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    randomBytes(32).toString('base64url'),
  ]);
  const [row] = await db.query<{ value: string }>('select value from app_secrets where name = $1', [name]);
  if (!row) throw new Error(`Secret ${name} could not be stored`);
  return row.value;
}
