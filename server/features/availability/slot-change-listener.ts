import { onCommitNotice } from '../../db/commit-notices.ts';
import type { Database, NotificationListener } from '../../db/database.ts';
import { SLOT_CHANGES_CHANNEL } from '../../db/slot-change-notices.ts';
import type { SlotCache } from './slot-cache.ts';

/** While other processes cannot be heard, a cached slot list lives at most this long. */
export const UNHEARD_TTL_MS = 1_000;

export interface SlotChangeLogger {
  warn(details: object, message: string): void;
  info(message: string): void;
}

/**
 * Keeps this process's slot cache in step with the changes every process commits (see
 * announceSlotChangesOnCommit): a notice forgets its practice's lists; this process's own commits
 * are heard at once, other processes' by `pg_notify`. Losing the connection forgets
 * every list, and so does listening again, since the notices sent in between are lost; until
 * then the caller keeps lists for at most UNHEARD_TTL_MS (`isListening` is false).
 */
export function listenForSlotChanges(
  db: Pick<Database, 'listen'>,
  cache: Pick<SlotCache<unknown>, 'invalidatePractice' | 'clear'>,
  logger: SlotChangeLogger,
): NotificationListener {
  let wasLost = false;
  const stopHearingOwn = onCommitNotice(db, SLOT_CHANGES_CHANNEL, (practiceId) => cache.invalidatePractice(practiceId));
  const others = db.listen(SLOT_CHANGES_CHANNEL, {
    onNotification: (practiceId) => cache.invalidatePractice(practiceId),
    onListening: () => {
      cache.clear();
      // not patient-facing (a log line)
      if (wasLost) logger.info('Hearing slot changes of other processes again; cached slot lists cleared');
    },
    onLost: (error) => {
      wasLost = true;
      cache.clear();
      // not patient-facing (a log line)
      logger.warn(
        { err: error },
        `Lost the slot-change notices of other processes; slot lists are kept at most ${UNHEARD_TTL_MS} ms until ` +
          `they are heard again`,
      );
    },
  });
  return {
    isListening: () => others.isListening(),
    close: async () => {
      stopHearingOwn();
      await others.close();
    },
  };
}
