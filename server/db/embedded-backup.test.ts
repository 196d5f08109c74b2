import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupError, backupEmbedded, restoreEmbedded } from './embedded-backup.ts';

/** The refusals that keep a backup or a database from being lost (the full procedure: backup-restore.api.test.ts). */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'embedded-backup-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe('embedded backup refusals', () => {
  it('backs up nothing from a DATA_DIR without a database, and creates none there', async () => {
    await expect(backupEmbedded(join(dir, 'data'), join(dir, 'backup.tar.gz'))).rejects.toThrow(BackupError);
    expect(existsSync(join(dir, 'backup.tar.gz'))).toBe(false);
    expect(existsSync(join(dir, 'data', 'pgdata'))).toBe(false);
  });

  it('restores nothing from a missing file', async () => {
    await expect(
      restoreEmbedded(join(dir, 'data'), join(dir, 'missing.tar.gz'), { force: false, now: new Date() }),
    ).rejects.toThrow('Cannot read the backup');
    expect(existsSync(join(dir, 'data'))).toBe(false);
  });

  it('leaves a database that is there untouched without --force', async () => {
    await mkdir(join(dir, 'data', 'pgdata'), { recursive: true });
    await writeFile(join(dir, 'data', 'pgdata', 'PG_VERSION'), '17');
    await writeFile(join(dir, 'backup.tar.gz'), 'not read far');
    await expect(
      restoreEmbedded(join(dir, 'data'), join(dir, 'backup.tar.gz'), { force: false, now: new Date() }),
    ).rejects.toThrow('already holds a database');
    expect(existsSync(join(dir, 'data', 'pgdata', 'PG_VERSION'))).toBe(true);
  });
});
