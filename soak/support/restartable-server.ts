import { startServerProcess, type ServerProcess } from '#server/test/server-process.ts';

/**
 * A server process that the test kills and starts again. Clients ask `base()` for the current
 * address and wait while no process is up (a restarted process listens on a new port).
 */
export function restartableServer(env: Record<string, string>) {
  let current: ServerProcess | null = null;
  let waiting: (() => void)[] = [];
  const startedAt: number[] = [];
  const outputs: string[] = [];

  return {
    /** When each process was spawned: anything a process claimed was claimed after its entry. */
    startedAt,
    async start(): Promise<void> {
      startedAt.push(Date.now());
      const server = await startServerProcess(env, { captureOutput: true });
      current = server;
      waiting.forEach((wake) => wake());
      waiting = [];
    },
    async kill(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
      const server = current;
      current = null;
      if (!server) return;
      await server.kill(signal);
      outputs.push(server.output());
    },
    async base(): Promise<string> {
      while (!current) await new Promise<void>((resolve) => waiting.push(resolve));
      return current.base;
    },
    /** The output of every process so far, for failure messages. */
    output: () => [...outputs, current?.output() ?? ''].join('\n---\n').slice(-4_000),
  };
}
