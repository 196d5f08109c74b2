import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { solveChallenge } from 'altcha-lib/v1';

/** A real server process (`server/main.ts`) on a loopback port, for crash and scale-out tests. */
export interface ServerProcess {
  base: string;
  child: ChildProcess;
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** Everything the process wrote to stdout and stderr so far (with `captureOutput`; else empty). */
  output(): string;
}

export interface ServerProcessOptions {
  /** Keep stdout and stderr for the test to read instead of passing stderr through. */
  captureOutput?: boolean;
  /** Extra Node options, e.g. `--import` of a test-only recorder. */
  nodeArgs?: string[];
}

export async function startServerProcess(
  env: Record<string, string>,
  options: ServerProcessOptions = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', ...(options.nodeArgs ?? []), 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      ALTCHA_MAX_NUMBER: '100',
      RATE_LIMIT_MULTIPLIER: '1000',
      ...env,
    },
    stdio: ['ignore', options.captureOutput ? 'pipe' : 'ignore', options.captureOutput ? 'pipe' : 'inherit'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const base = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(base, child).catch((error: unknown) => {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${output.slice(-4_000)}`);
  });
  return {
    base,
    child,
    output: () => output,
    kill: (signal = 'SIGKILL') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}

/** Solves a challenge of that server, as the browser does, into an X-Bot-Challenge value. */
export async function solvedChallengeFrom(base: string): Promise<string> {
  const challenge = (await (await fetch(`${base}/api/v1/captcha/challenge`)).json()).result;
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  return Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString('base64');
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function waitUntilHealthy(base: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 240; attempt++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${base} did not become healthy`);
}
