import { describe, expect, it } from 'vitest';
import type { NotificationHandlers } from '../db/database.ts';
import { createPracticePageCache, PRACTICE_PAGE_TTL_MS } from './practice-page-cache.ts';

function cacheWithNotices() {
  let handlers: NotificationHandlers | null = null;
  let isListening = true;
  let now = 1_000;
  const cache = createPracticePageCache(
    {
      listen: (_channel, given) => {
        handlers = given;
        return { isListening: () => isListening, close: async () => undefined };
      },
    },
    () => now,
  );
  return {
    cache,
    notify: (practiceId: string) => handlers!.onNotification(practiceId),
    lose: () => {
      isListening = false;
      handlers!.onLost(new Error('connection ended'));
    },
    pass: (ms: number) => (now += ms),
  };
}

describe('the practice page cache', () => {
  it('keeps a page for a few seconds', () => {
    const { cache, pass } = cacheWithNotices();
    cache.set('a', 'P1', '<html>a</html>');
    pass(PRACTICE_PAGE_TTL_MS - 1);
    expect(cache.get('a')).toBe('<html>a</html>');
    pass(1);
    expect(cache.get('a')).toBeNull();
  });

  it("forgets a practice's pages, and only its, on a notice of a change", () => {
    const { cache, notify } = cacheWithNotices();
    cache.set('a-en', 'p1', 'a');
    cache.set('a-es', 'p1', 'a es');
    cache.set('b-en', 'p2', 'b');
    notify('P1');
    expect([cache.get('a-en'), cache.get('a-es'), cache.get('b-en')]).toEqual([null, null, 'b']);
  });

  it('keeps nothing while the notices of other processes cannot be heard', () => {
    const { cache, lose } = cacheWithNotices();
    cache.set('a', 'p1', 'a');
    lose();
    expect(cache.get('a')).toBeNull();
    cache.set('a', 'p1', 'a');
    expect(cache.get('a')).toBeNull();
  });
});
