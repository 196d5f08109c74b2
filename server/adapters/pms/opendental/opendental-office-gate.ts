import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Database } from '../../../db/database.ts';
import { endOfficeTurn, ensureOfficeGate, pauseOffice, takeOfficeTurn } from './opendental-gate-repository.ts';
import { createRequestQueue, type RequestQueue, type RequestQueueOptions } from './opendental-request-queue.ts';

/**
 * Open Dental's rule is per office, not per process: one request at a time, one start a second
 * (ADR 0071). So every request of an office, whichever process sends it (the mirror's sync, a
 * booking's re-check, a write job), takes the office's turn. On PGlite, one process's database
 * (ADR 0065), the turn is kept in memory: one queue per database, shared by every app on it. On
 * PostgreSQL a process's requests queue in memory as well, and the one at the head takes the office's
 * row (migration 0037) before it is sent and lets go of it once answered.
 */
export interface OfficeGateOptions extends RequestQueueOptions {
  /** A turn its process never ended (it stopped) lapses after this: longer than any request may run at Open Dental. */
  turnMs: number;
  /** Told when the row could not be let go of (the turn then lapses). */
  onError?: (error: unknown) => void;
}

const queues = new WeakMap<Database, RequestQueue>();

/** The office turns of every request this process sends through `db`'s deployment. */
export function officeQueueFor(db: Database, options: OfficeGateOptions): RequestQueue {
  let queue = queues.get(db);
  if (!queue) {
    queue = db.kind === 'pglite' ? createRequestQueue(options) : createSharedOfficeQueue(db, options);
    queues.set(db, queue);
  }
  return queue;
}

/** Polling for a turn held elsewhere: often enough to lose little of an interval, seldom enough to cost nothing. */
const pollMsOf = (intervalMs: number) => Math.min(100, Math.max(5, Math.round(intervalMs / 10)));

function createSharedOfficeQueue(db: Database, options: OfficeGateOptions): RequestQueue {
  const owner = `${hostname()}:${process.pid}:${randomUUID()}`;
  // In this process one request of an office at a time; the spacing is the row's.
  const local = createRequestQueue({ intervalMs: 0, maxInFlight: 1 });
  const known = new Set<string>();
  const holding = new Set<string>();
  /** A 429's Retry-After heard during a turn (local clock), applied as the turn ends. */
  const pauses = new Map<string, number>();
  const pollMs = pollMsOf(options.intervalMs);
  const timing = { intervalMs: options.intervalMs, holdMs: options.turnMs, claimMs: 4 * pollMs };
  const report = options.onError ?? (() => undefined);

  async function take(key: string, signal: AbortSignal | undefined): Promise<void> {
    if (!known.has(key)) {
      await ensureOfficeGate(db, key);
      known.add(key);
    }
    for (;;) {
      signal?.throwIfAborted();
      const turn = await takeOfficeTurn(db, key, owner, timing);
      if (turn.isTaken) return;
      await sleep(turn.isHeld || turn.waitMs <= 0 ? pollMs : Math.ceil(turn.waitMs), signal);
    }
  }

  async function end(key: string): Promise<void> {
    const pausedMs = (pauses.get(key) ?? 0) - Date.now();
    pauses.delete(key);
    // Open Dental counts execution time too: the next start waits `afterEndMs` after the answer (ADR 0071).
    await endOfficeTurn(db, key, owner, Math.max(options.afterEndMs ?? 0, pausedMs)).catch(report);
  }

  return {
    run(key, task, signal) {
      return local.run(
        key,
        async () => {
          await take(key, signal);
          holding.add(key);
          try {
            return await task();
          } finally {
            holding.delete(key);
            await end(key);
          }
        },
        signal,
      );
    },
    pauseUntil(key, untilMs) {
      if (holding.has(key)) pauses.set(key, Math.max(pauses.get(key) ?? 0, untilMs));
      else void pauseOffice(db, key, untilMs - Date.now()).catch(report);
    },
  };
}

/** Waits `ms`, or rejects with the signal's reason once it aborts. */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}
