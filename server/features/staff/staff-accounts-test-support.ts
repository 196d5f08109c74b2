import type { Database } from '../../db/database.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';

let practices = 0;

/** A practice of the test's own (a last-owner rule needs a practice nobody else adds owners to). */
export async function newPractice(db: Database, name = 'Own Practice'): Promise<string> {
  const formUrl = `own-practice-${++practices}`;
  const ids = await importPractices(db, practiceConfig({ form_url: formUrl, name }));
  return ids[formUrl]!;
}

export interface QueuedEmail {
  to: string;
  subject: string;
  text: string;
}

/** The e-mails queued for an address, oldest first (the jobs the worker would hand to the provider). */
export async function emailsTo(db: Database, to: string): Promise<QueuedEmail[]> {
  const rows = await db.query<{ payload: QueuedEmail }>(`select payload from jobs where type = 'email.send' and payload->>'to' = $1 order by created_at`, [to]);
  return rows.map((row) => row.payload);
}

/** The token of the set-password link in an e-mail's text. */
export function linkTokenIn(text: string): string {
  const match = /\/console\/set-password\/([A-Za-z0-9_-]{32})/.exec(text);
  if (!match) throw new Error(`No set-password link in: ${text}`);
  return match[1]!;
}

export async function auditActions(db: Database, practiceId: string, since = new Date(0)): Promise<string[]> {
  const rows = await db.query<{ action: string }>(`select action from staff_audit where practice_id = $1 and at >= $2 order by id`, [practiceId, since.toISOString()]);
  return rows.map((row) => row.action);
}
