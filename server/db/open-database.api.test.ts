import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { notifyOnCommit, onCommitNotice } from './commit-notices.ts';
import { openDatabase } from './open-database.ts';
import type { Database } from './database.ts';

let db: Database | null = null;
let dataDir = '';
afterEach(async () => {
  await db?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// Slot caches and the job worker listen to the commit notices of the database the server opened.
it('the embedded database the server opens hears its own commits', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'open-db-'));
  db = await openDatabase({ databaseUrl: undefined, dataDir } as Parameters<typeof openDatabase>[0], 'a test');
  const heard: string[] = [];
  onCommitNotice(db, 'test_channel', (payload) => heard.push(payload));
  await db.transaction((tx) => notifyOnCommit(tx, 'test_channel', 'practice-1'));
  expect(heard).toEqual(['practice-1']);
});
