import type { Database, NotificationListener } from '../db/database.ts';
import { SLOT_CHANGES_CHANNEL } from '../db/slot-change-notices.ts';

/** How long a rendered practice page is served again (ADR 0072): a few seconds of a busy page's traffic. */
export const PRACTICE_PAGE_TTL_MS = 5_000;
/** Practices × existing variants × languages stay far below this; it only bounds a mistake. */
const MAX_PAGES = 2_000;

interface CachedPage {
  html: string;
  practiceId: string;
  expiresAt: number;
}

export interface PracticePageCache {
  get(key: string): string | null;
  set(key: string, practiceId: string, html: string): void;
  close(): Promise<void>;
}

/**
 * Server-rendered practice pages by practice, variant and language (ADR 0072). A change to a
 * practice reaches every process on the channel its import and its bookings announce on
 * (`slot_changes`, ADR 0055): the notice forgets the practice's pages here. While the notices
 * cannot be heard, nothing is kept (each page is rendered afresh), so a page never outlives a change.
 */
export function createPracticePageCache(db: Pick<Database, 'listen'>, now: () => number): PracticePageCache {
  const pages = new Map<string, CachedPage>();
  const notices: NotificationListener = db.listen(SLOT_CHANGES_CHANNEL, {
    onNotification: (practiceId) => {
      for (const [key, page] of pages) if (page.practiceId === practiceId.toLowerCase()) pages.delete(key);
    },
    onListening: () => pages.clear(),
    onLost: () => pages.clear(),
  });
  return {
    get(key) {
      const page = pages.get(key);
      if (!page) return null;
      if (page.expiresAt > now()) return page.html;
      pages.delete(key);
      return null;
    },
    set(key, practiceId, html) {
      if (!notices.isListening()) return;
      if (pages.size >= MAX_PAGES) pages.clear();
      pages.set(key, { html, practiceId: practiceId.toLowerCase(), expiresAt: now() + PRACTICE_PAGE_TTL_MS });
    },
    close: () => notices.close(),
  };
}
