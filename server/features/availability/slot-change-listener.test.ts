import { describe, expect, it } from 'vitest';
import type { NotificationHandlers } from '../../db/database.ts';
import { SLOT_CHANGES_CHANNEL } from '../../db/slot-change-notices.ts';
import { createSlotCache } from './slot-cache.ts';
import { listenForSlotChanges } from './slot-change-listener.ts';

/** A listening connection the test drives: notices, a lost connection, listening again. */
function setup() {
  let handlers: NotificationHandlers | undefined;
  let channel = '';
  const db = {
    listen(name: string, given: NotificationHandlers) {
      channel = name;
      handlers = given;
      return { isListening: () => true, close: async () => undefined };
    },
  };
  const cache = createSlotCache<number>({ ttlMs: 20_000, maxEntries: 100, now: () => 0 });
  const logged: string[] = [];
  listenForSlotChanges(db, cache, {
    warn: (_details, message) => logged.push(message),
    info: (message) => logged.push(message),
  });
  let calls = 0;
  const compute = () => Promise.resolve(++calls);
  return { cache, compute, logged, channel: () => channel, handlers: () => handlers! };
}

describe('listening for slot changes of other processes', () => {
  it("forgets the announced practice's lists and keeps the others", async () => {
    const { cache, compute, channel, handlers } = setup();
    expect(channel()).toBe(SLOT_CHANGES_CHANNEL);
    await cache.get('a', 'k', compute);
    await cache.get('b', 'k', compute);
    handlers().onNotification('a');
    expect(await cache.get('a', 'k', compute)).toBe(3);
    expect(await cache.get('b', 'k', compute)).toBe(2);
  });

  it('forgets every list when the connection is lost, and again when listening resumes', async () => {
    const { cache, compute, handlers, logged } = setup();
    await cache.get('a', 'k', compute);
    handlers().onLost(new Error('terminated'));
    expect(await cache.get('a', 'k', compute)).toBe(2);
    expect(logged).toEqual([expect.stringContaining('Lost the slot-change notices')]);
    // Notices sent while the connection was down are gone: a list made meanwhile may be stale.
    await cache.get('b', 'k', compute);
    handlers().onListening();
    expect(await cache.get('a', 'k', compute)).toBe(4);
    expect(await cache.get('b', 'k', compute)).toBe(5);
    expect(logged[1]).toContain('again');
  });
});
