import { closeSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';

/**
 * One process at a time opens an embedded database (ADR 0065). PGlite has no lock of its own, and
 * two processes writing one directory corrupt it, so every opener (the server, each command) first
 * creates `embedded.lock` in DATA_DIR, exclusively. The file names its holder, so the refusal can
 * say who: the server also writes its URL there once it listens. A lock whose process is gone
 * (a crash, a kill -9) is stale and taken over.
 */
export type LockHolder = { pid: number; what: string; since: string; url?: string };

export class DataDirInUse extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    const who = holder.url ? `${holder.what} at ${holder.url}` : holder.what;
    super(
      `${dataDir} is in use by ${who} (process ${holder.pid}, since ${holder.since}). Two processes must ` +
        'never open one embedded database: stop it first (Ctrl+C where it runs), then run this again.',
    );
    this.name = 'DataDirInUse';
  }
}

export type DataDirLock = { release(): void; update(patch: Partial<Pick<LockHolder, 'url'>>): void };

export const lockPath = (dataDir: string) => join(dataDir, 'embedded.lock');
const serverUrlPath = (dataDir: string) => join(dataDir, 'server-url');
const held = new Map<string, DataDirLock>();

/** What the running command is, in words: "npm run staff:add", or its file when run directly. */
export function describeThisProcess(): string {
  const script = process.env.npm_lifecycle_event;
  return script ? `npm run ${script}` : basename(process.argv[1] ?? 'node');
}

function readHolder(path: string): LockHolder | undefined {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as LockHolder;
  } catch {
    return undefined;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or throws DataDirInUse; a stale lock is taken over once. */
export function lockDataDir(dataDir: string, what = describeThisProcess()): DataDirLock {
  const path = lockPath(dataDir);
  let holder: LockHolder = { pid: process.pid, what, since: new Date().toISOString() };
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, JSON.stringify(holder));
      closeSync(fd);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const found = readHolder(path);
      // A half-written file: its writer is between open and write; treat it as held.
      if (found && !isRunning(found.pid) && attempt === 0) {
        unlinkSync(path);
        continue;
      }
      throw new DataDirInUse(dataDir, found ?? { pid: 0, what: 'another process', since: 'just now' });
    }
  }
  const ours = () => readHolder(path)?.pid === process.pid;
  const release = () => {
    process.off('exit', release);
    held.delete(dataDir);
    if (ours()) unlinkSync(path);
  };
  process.on('exit', release);
  const lock: DataDirLock = {
    release,
    update(patch) {
      holder = { ...holder, ...patch };
      if (ours()) writeFileSync(path, JSON.stringify(holder), { mode: 0o600 });
    },
  };
  held.set(dataDir, lock);
  return lock;
}

/**
 * The server, once it listens, names its URL in its lock (for the refusal) and in DATA_DIR's
 * `server-url`, which outlives it: a command run later prints links to where this data is served,
 * not to the default port.
 */
export function announceServerUrl(dataDir: string, url: string): void {
  held.get(dataDir)?.update({ url });
  writeFileSync(serverUrlPath(dataDir), `${url}\n`);
}

export function lastServerUrl(dataDir: string): string | undefined {
  try {
    return readFileSync(serverUrlPath(dataDir), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
}

/** Runs `work` holding the lock: for what opens the embedded files itself (backup, restore). */
export async function withDataDirLock<T>(dataDir: string, work: () => Promise<T>): Promise<T> {
  await mkdir(dataDir, { recursive: true });
  const lock = lockDataDir(dataDir);
  try {
    return await work();
  } finally {
    lock.release();
  }
}
