import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { announceServerUrl, DataDirInUse, lastServerUrl, lockDataDir, lockPath } from './data-dir-lock.ts';

/** One opener at a time for an embedded database (ADR 0065). */
const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'data-dir-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('the data directory lock', () => {
  it('refuses a second opener, naming the holder, until the first releases', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir, 'the booking server');
    lock.update({ url: 'http://127.0.0.1:3001' });
    const refusal = (() => {
      try {
        lockDataDir(dir, 'npm run staff:add');
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DataDirInUse);
    expect((refusal as Error).message).toContain(
      `in use by the booking server at http://127.0.0.1:3001 (process ${process.pid}`,
    );
    lock.release();
    expect(existsSync(lockPath(dir))).toBe(false);
    lockDataDir(dir, 'npm run staff:add').release();
  });

  it('takes over a lock whose process is gone', () => {
    const dir = freshDir();
    // Far above any pid this machine hands out.
    writeFileSync(lockPath(dir), JSON.stringify({ pid: 2 ** 22 + 17, what: 'a crashed server', since: 'then' }));
    const lock = lockDataDir(dir, 'npm run practice:import');
    expect(JSON.parse(readFileSync(lockPath(dir), 'utf8'))).toMatchObject({
      pid: process.pid,
      what: 'npm run practice:import',
    });
    lock.release();
  });

  it("refuses while another live process holds it, and leaves that process's lock alone", () => {
    const dir = freshDir();
    const theirs = JSON.stringify({ pid: process.ppid, what: 'the booking server', since: 'now' });
    writeFileSync(lockPath(dir), theirs);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUse);
    expect(readFileSync(lockPath(dir), 'utf8')).toBe(theirs);
  });

  it("remembers the server's URL for the links of later commands", () => {
    const dir = freshDir();
    expect(lastServerUrl(dir)).toBeUndefined();
    const lock = lockDataDir(dir, 'the booking server');
    announceServerUrl(dir, 'http://localhost:3005');
    lock.release();
    expect(lastServerUrl(dir)).toBe('http://localhost:3005');
  });
});
