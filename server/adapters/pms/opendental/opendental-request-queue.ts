/**
 * Open Dental throttles per customer key (per office): one request per second with a paid
 * permission, one per five seconds with read-only access (research doc §1.5). So the requests of
 * one key start one after the other, each at least `intervalMs` after the previous one started,
 * and normally one at a time. Different offices do not wait for each other.
 *
 * A request that hangs (an office whose eConnector stopped answering keeps the request open until
 * Open Dental's gateway gives up at 60 s) would hold up every other request of its office. So a
 * request holds the office's turn for at most `holdMs`; after that the next one may start while
 * it goes on. At most `maxInFlight` requests of an office are under way at once, so an office
 * that hangs every request does not collect a pile of open requests (ADR 0028).
 */
export interface RequestQueue {
  /**
   * Runs `task` when its key's turn comes. Once `signal` aborts, the caller stops waiting (rejected
   * with its reason): a task not yet started leaves the queue; one under way keeps the key's turn
   * until it ends, since Open Dental counts a request until then (ADR 0071).
   */
  run<T>(key: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T>;
  /** No request for this key starts before `untilMs` (a 429's Retry-After). */
  pauseUntil(key: string, untilMs: number): void;
}

export interface RequestQueueOptions {
  /** Least time between two request starts of one key. */
  intervalMs: number;
  /** Requests of one key under way at once, at most (default 1). */
  maxInFlight?: number;
  /** A request still running after this long lets the next one start (default: it holds its turn until it ends). */
  holdMs?: number;
  /**
   * Least time from a request's end to the next one's start (default 0). A request whose sending
   * was delayed (a busy event loop) arrives late; this keeps the next from arriving right behind it.
   */
  afterEndMs?: number;
}

interface KeyState {
  waiting: (() => void)[];
  /** Requests started and not yet ended. */
  inFlight: number;
  /** A request started less than `holdMs` ago is still running: the next one waits for it. */
  holding: boolean;
  /** The next request is being started (waiting for its start time). */
  starting: boolean;
  /** The earliest time the next task may start. */
  nextStartAt: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createRequestQueue(options: RequestQueueOptions): RequestQueue {
  const { intervalMs } = options;
  if (!(intervalMs >= 0 && Number.isFinite(intervalMs)))
    throw new RangeError(`intervalMs must be 0 or more, got ${intervalMs}`);
  const maxInFlight = options.maxInFlight ?? 1;
  if (!(Number.isInteger(maxInFlight) && maxInFlight >= 1))
    throw new RangeError(`maxInFlight must be a whole number of 1 or more, got ${maxInFlight}`);
  const holdMs = options.holdMs ?? Infinity;
  if (!(holdMs > 0)) throw new RangeError(`holdMs must be positive, got ${holdMs}`);
  // Date.now and setTimeout, read at each call: tests control both with fake timers.
  const now = () => Date.now();
  const keys = new Map<string, KeyState>();

  const stateOf = (key: string): KeyState => {
    let state = keys.get(key);
    if (!state) {
      state = { waiting: [], inFlight: 0, holding: false, starting: false, nextStartAt: 0 };
      keys.set(key, state);
    }
    return state;
  };

  /** Starts the next waiting request of `state` when its turn, its time and a free place allow. */
  async function pump(state: KeyState): Promise<void> {
    if (state.starting || state.holding || state.inFlight >= maxInFlight || state.waiting.length === 0) return;
    state.starting = true;
    // A pause may be extended while we sleep (another request got a 429), so check again.
    for (let wait = state.nextStartAt - now(); wait > 0; wait = state.nextStartAt - now()) await sleep(wait);
    state.starting = false;
    const start = state.waiting.shift();
    if (!start) return;
    state.nextStartAt = now() + intervalMs;
    state.inFlight++;
    state.holding = true;
    start();
  }

  return {
    run<T>(key: string, task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
      const state = stateOf(key);
      return new Promise<T>((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        const start = () => {
          let released = false;
          const release = () => {
            if (released) return;
            released = true;
            state.holding = false;
            void pump(state);
          };
          const holdTimer = Number.isFinite(holdMs) ? setHoldTimer(release) : undefined;
          const ended = () => {
            stopListening();
            if (holdTimer !== undefined) clearTimeout(holdTimer);
            state.nextStartAt = Math.max(state.nextStartAt, now() + (options.afterEndMs ?? 0));
            state.inFlight--;
            if (!released) release();
            else void pump(state);
          };
          let running: Promise<T>;
          try {
            running = task();
          } catch (error) {
            running = Promise.reject(error);
          }
          running.then(resolve, reject).finally(ended);
        };
        const stopListening = leaveOnAbort(state, start, signal, reject);
        state.waiting.push(start);
        void pump(state);
      });
    },
    pauseUntil(key, untilMs) {
      const state = stateOf(key);
      state.nextStartAt = Math.max(state.nextStartAt, untilMs);
    },
  };

  function setHoldTimer(release: () => void): ReturnType<typeof setTimeout> {
    const timer = setTimeout(release, holdMs);
    // A hung request alone must not keep the process alive.
    timer.unref?.();
    return timer;
  }
}

/**
 * Once `signal` aborts, the caller is rejected with its reason: a request not started yet leaves the
 * queue; one under way keeps the office's turn until it ends. Returns what stops listening.
 */
function leaveOnAbort(
  state: KeyState,
  start: () => void,
  signal: AbortSignal | undefined,
  reject: (reason: unknown) => void,
): () => void {
  if (!signal) return () => undefined;
  const giveUp = () => {
    const place = state.waiting.indexOf(start);
    if (place >= 0) state.waiting.splice(place, 1);
    reject(signal.reason);
  };
  signal.addEventListener('abort', giveUp, { once: true });
  return () => signal.removeEventListener('abort', giveUp);
}
