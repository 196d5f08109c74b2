/**
 * A per-process cache of slot lists: entries live `ttlMs` (the spec's 20 s), concurrent misses
 * for one key share one computation, and a booking or hold clears its practice at once so this
 * process never offers a slot it has just seen taken. `ttlMs` may be a function: it is read when
 * an entry is made (shorter while changes of other processes cannot be heard).
 */
export interface SlotCache<T> {
  get(practiceId: string, key: string, compute: () => Promise<T>): Promise<T>;
  invalidatePractice(practiceId: string): void;
  clear(): void;
}

interface Entry<T> {
  value: Promise<T>;
  madeAt: number;
  expiresAt: number;
}

export function createSlotCache<T>(options: {
  ttlMs: number | (() => number);
  maxEntries: number;
  now: () => number;
}): SlotCache<T> {
  const practices = new Map<string, Map<string, Entry<T>>>();
  let size = 0;
  const ttlMs = typeof options.ttlMs === 'number' ? () => options.ttlMs as number : options.ttlMs;
  // An entry made "later" than now (the dev clock was moved back) is stale, not fresh for the whole jump.
  const isFresh = (entry: Entry<T>, now: number) => entry.expiresAt > now && entry.madeAt <= now;

  function evictExpired(now: number) {
    for (const [practiceId, entries] of practices) {
      for (const [key, entry] of entries) {
        if (!isFresh(entry, now)) {
          entries.delete(key);
          size--;
        }
      }
      if (entries.size === 0) practices.delete(practiceId);
    }
  }

  // Entries still being computed go too: a list read before a change must not be kept after it.
  function clear() {
    practices.clear();
    size = 0;
  }

  return {
    get(practiceId, key, compute) {
      const now = options.now();
      const hit = practices.get(practiceId)?.get(key);
      if (hit && isFresh(hit, now)) return hit.value;
      if (size >= options.maxEntries) evictExpired(now);
      if (size >= options.maxEntries) clear();
      // Looked up again: eviction or clearing may have dropped the practice's map.
      let entries = practices.get(practiceId);
      if (!entries) {
        entries = new Map();
        practices.set(practiceId, entries);
      }
      const value = compute();
      const entry = { value, madeAt: now, expiresAt: now + ttlMs() };
      if (!entries.has(key)) size++;
      entries.set(key, entry);
      // A failure is not remembered: the next request asks again.
      value.catch(() => {
        if (practices.get(practiceId)?.get(key) === entry) {
          practices.get(practiceId)?.delete(key);
          size--;
        }
      });
      return value;
    },
    invalidatePractice(practiceId) {
      const entries = practices.get(practiceId);
      if (!entries) return;
      size -= entries.size;
      practices.delete(practiceId);
    },
    clear,
  };
}
