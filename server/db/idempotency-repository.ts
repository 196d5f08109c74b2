import type { Queryable } from './database.ts';

export interface StoredResponse {
  request_hash: string;
  response_status: number;
  response_body: unknown;
}

export async function findStoredResponse(db: Queryable, key: string): Promise<StoredResponse | null> {
  const [row] = await db.query<StoredResponse>(
    'select request_hash, response_status, response_body from idempotency_keys where key = $1',
    [key],
  );
  return row && row.response_status > 0 ? row : null;
}

/**
 * Claims the key at the start of the booking transaction. A concurrent submission with the same
 * key waits here until the first commits, then finds the key taken (false) and replays its answer.
 */
export async function claimKey(tx: Queryable, key: string, requestHash: string): Promise<boolean> {
  const rows = await tx.query(
    `insert into idempotency_keys (key, request_hash, response_status, response_body) values ($1, $2, 0, 'null')
     on conflict (key) do nothing returning key`,
    [key, requestHash],
  );
  return rows.length === 1;
}

export async function storeResponse(tx: Queryable, key: string, status: number, body: unknown): Promise<void> {
  await tx.query('update idempotency_keys set response_status = $2, response_body = $3 where key = $1', [
    key,
    status,
    JSON.stringify(body),
  ]);
}
