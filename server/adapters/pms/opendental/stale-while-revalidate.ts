/**
 * A per-process cache that answers from memory and refreshes behind the caller's back:
 * - younger than `freshMs`: the cached value;
 * - younger than `maxStaleMs`: the cached value at once, and one background refresh starts;
 * - older, or missing: the caller waits for a load (callers arriving meanwhile share it).
 * A failed load is not remembered; a failed background refresh keeps the old value until it
 * is too old to serve, and is reported to `onRefreshError`.
 */
export interface StaleWhileRevalidateCache<T> {
  get(key: string, load: () => Promise<T>): Promise<T>;
}

export interface StaleWhileRevalidateOptions {
  freshMs: number;
  maxStaleMs: number;
  now: () => number;
  maxEntries?: number;
  onRefreshError?: (key: string, error: unknown) => void;
}

interface Entry<T> {
  value?: T;
  loadedAt: number;
  loading?: Promise<T>;
}

export function createStaleWhileRevalidateCache<T>(options: StaleWhileRevalidateOptions): StaleWhileRevalidateCache<T> {
  const { freshMs, maxStaleMs, now } = options;
  const maxEntries = options.maxEntries ?? 2_000;
  const entries = new Map<string, Entry<T>>();

  function startLoad(key: string, entry: Entry<T>, load: () => Promise<T>): Promise<T> {
    const loading: Promise<T> = load().then(
      (value) => {
        entry.value = value;
        entry.loadedAt = now();
        if (entry.loading === loading) delete entry.loading;
        return value;
      },
      (error: unknown) => {
        if (entry.loading === loading) delete entry.loading;
        // Nothing to serve: forget the key, so the next caller loads again.
        if (entry.value === undefined && entries.get(key) === entry) entries.delete(key);
        throw error;
      },
    );
    entry.loading = loading;
    return loading;
  }

  // A negative age (the dev clock was moved back) counts as too old, not as fresh until the clock catches up.
  const ageOf = (entry: Entry<T>, at: number) => (at >= entry.loadedAt ? at - entry.loadedAt : Infinity);

  function evictOld(at: number): void {
    for (const [key, entry] of entries) {
      if (!entry.loading && ageOf(entry, at) >= maxStaleMs) entries.delete(key);
    }
  }

  return {
    get(key, load) {
      const at = now();
      let entry = entries.get(key);
      if (!entry) {
        if (entries.size >= maxEntries) evictOld(at);
        entry = { loadedAt: 0 };
        entries.set(key, entry);
      }
      const age = ageOf(entry, at);
      if (entry.value !== undefined && age < freshMs) return Promise.resolve(entry.value);
      if (entry.value !== undefined && age < maxStaleMs) {
        if (!entry.loading) {
          startLoad(key, entry, load).catch((error: unknown) => options.onRefreshError?.(key, error));
        }
        return Promise.resolve(entry.value);
      }
      return entry.loading ?? startLoad(key, entry, load);
    },
  };
}
