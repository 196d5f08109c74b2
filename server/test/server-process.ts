import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { solveChallenge } from 'altcha-lib/v1';
import { addDays } from '#domain/time/local-date.ts';

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

/** A slot as `GET /api/v1/appointment/slots` lists it. */
export interface ListedSlot {
  DateTimeStart: string;
  DateTimeEnd: string;
  ProvNum: number;
  OpNum: number;
}

/**
 * Books the first slot a server process offers for the reason between `days` days from today, as
 * the booking page does (a solved challenge, the form's fields): the answer and the slot booked.
 */
export async function bookFirstOpenSlot(
  base: string,
  booking: { practiceId: string; reasonId: string; days: [number, number]; patient: Record<string, string> },
): Promise<{ response: Response; slot: ListedSlot }> {
  const { practiceId, reasonId, days, patient } = booking;
  const today = new Date().toISOString().slice(0, 10);
  const query =
    `practice_id=${practiceId}&reason_for_visit_id=${reasonId}` +
    `&start_date=${addDays(today, days[0])}&end_date=${addDays(today, days[1])}`;
  const [slot] = (await (await fetch(`${base}/api/v1/appointment/slots?${query}`)).json()).result as ListedSlot[];
  const response = await fetch(`${base}/api/v1/appointment`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-bot-challenge': await solvedChallengeFrom(base) },
    body: JSON.stringify({
      practice_id: practiceId,
      rfv_id: reasonId,
      wireless_phone: '+15125550100',
      dob: '1980-05-05',
      ...patient,
      pms_prov_num: slot!.ProvNum,
      pms_op_num: slot!.OpNum,
      apt_date: slot!.DateTimeStart.slice(0, 10),
      start_time: slot!.DateTimeStart.slice(11),
      end_time: slot!.DateTimeEnd.slice(11),
      patient_status: 'New Patient',
      is_patient: true,
      is_concented: true,
      has_insurance: false,
    }),
  });
  return { response, slot: slot! };
}

/** A message of the `/_dev/outbox` of a server process. */
export interface OutboxMessage {
  to: string;
  subject: string | null;
}

/** The messages of a server process's outbox that match, once there is one (or after 15 s: none). */
export async function waitForOutbox(base: string, matches: (message: OutboxMessage) => boolean) {
  let found: OutboxMessage[] = [];
  for (let attempt = 0; attempt < 60 && found.length === 0; attempt++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    found = ((await (await fetch(`${base}/_dev/outbox?format=json`)).json()) as OutboxMessage[]).filter(matches);
  }
  return found;
}
