/**
 * Open Dental throttles per customer key (per office): one request per second with a paid
 * permission, one per five seconds with read-only access, "including execution time" (research
 * doc §1.5). So requests for one key run one at a time, and each starts at least `intervalMs`
 * after the previous one started. Different offices do not wait for each other.
 */
export interface RequestQueue {
  /** Runs `task` when its key's turn comes. */
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
  /** No request for this key starts before `untilMs` (a 429's Retry-After). */
  pauseUntil(key: string, untilMs: number): void;
}

export interface RequestQueueOptions {
  intervalMs: number;
  /** Tests pass a controlled clock and sleep; both default to real time. */
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

interface KeyState {
  /** Settles when the last task queued for this key has finished. */
  tail: Promise<void>;
  /** The earliest time the next task may start. */
  nextStartAt: number;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createRequestQueue(options: RequestQueueOptions): RequestQueue {
  const { intervalMs } = options;
  if (!(intervalMs >= 0 && Number.isFinite(intervalMs))) throw new RangeError(`intervalMs must be 0 or more, got ${intervalMs}`);
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? realSleep;
  const keys = new Map<string, KeyState>();

  const stateOf = (key: string): KeyState => {
    let state = keys.get(key);
    if (!state) {
      state = { tail: Promise.resolve(), nextStartAt: 0 };
      keys.set(key, state);
    }
    return state;
  };

  return {
    run(key, task) {
      const state = stateOf(key);
      const turn = state.tail.then(async () => {
        // A pause may be extended while we sleep (another request got a 429), so check again.
        for (let wait = state.nextStartAt - now(); wait > 0; wait = state.nextStartAt - now()) await sleep(wait);
        state.nextStartAt = now() + intervalMs;
        return task();
      });
      state.tail = turn.then(
        () => undefined,
        () => undefined,
      );
      return turn;
    },
    pauseUntil(key, untilMs) {
      const state = stateOf(key);
      state.nextStartAt = Math.max(state.nextStartAt, untilMs);
    },
  };
}
