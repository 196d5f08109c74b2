import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '#server/test/server-process.ts';

const run = promisify(execFile);

/**
 * A PostgreSQL 15 cluster of the test's own, in a temporary directory on a free loopback port,
 * that the test may stop and start: the machine's shared cluster serves other suites and must
 * stay up. PostgreSQL refuses to run as root, so as root the binaries run as `postgres`.
 * Trust authentication is enough: it listens on 127.0.0.1 only and lives for one test.
 */
export async function startPrivatePostgres() {
  const bin = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
  if (!existsSync(join(bin, 'initdb')))
    throw new Error(
      `PostgreSQL server binaries not found in ${bin} (set PG_BIN): the outage soak needs its own cluster.`,
    );
  const dir = await mkdtemp(join(tmpdir(), 'soak-pg-'));
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  const as = (command: string, args: string[]) =>
    isRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args]) : run(join(bin, command), args);
  const data = join(dir, 'data');
  const port = await freePort();
  await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '--encoding=UTF8', '--locale=C']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=40`;

  const cluster = {
    port,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    /** Returns once the server accepts connections. */
    start: async () =>
      void (await as('pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', options, '-w', '-t', '60', 'start'])),
    /** A fast shutdown: open sessions are ended, as in a failover or a restart by the host. */
    stop: async () => void (await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop'])),
    async destroy() {
      await cluster.stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  return cluster;
}

export type PrivatePostgres = Awaited<ReturnType<typeof startPrivatePostgres>>;
