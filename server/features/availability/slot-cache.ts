/**
 * A per-process cache of slot lists: entries live `ttlMs` (the spec's 20 s), concurrent misses
 * for one key share one computation, and a booking or hold clears its practice at once so this
 * process never offers a slot it has just seen taken.
 */
export interface SlotCache<T> {
  get(practiceId: string, key: string, compute: () => Promise<T>): Promise<T>;
  invalidatePractice(practiceId: string): void;
}

interface Entry<T> {
  value: Promise<T>;
  expiresAt: number;
}

export function createSlotCache<T>(options: { ttlMs: number; maxEntries: number; now: () => number }): SlotCache<T> {
  const practices = new Map<string, Map<string, Entry<T>>>();
  let size = 0;
  // An entry made "later" than now (the dev clock was moved back) is stale, not fresh for the whole jump.
  const isFresh = (entry: Entry<T>, now: number) => entry.expiresAt > now && entry.expiresAt - options.ttlMs <= now;

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

  return {
    get(practiceId, key, compute) {
      const now = options.now();
      let entries = practices.get(practiceId);
      const hit = entries?.get(key);
      if (hit && isFresh(hit, now)) return hit.value;
      if (size >= options.maxEntries) evictExpired(now);
      if (size >= options.maxEntries) {
        practices.clear();
        size = 0;
      }
      if (!entries) {
        entries = new Map();
        practices.set(practiceId, entries);
      }
      const value = compute();
      const entry = { value, expiresAt: now + options.ttlMs };
      if (!hit) size++;
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
  };
}
