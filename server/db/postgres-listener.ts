import pg from 'pg';
import type { NotificationHandlers, NotificationListener } from './database.ts';

/** Waits between attempts to listen again: doubling from `firstMs`, never beyond `maxMs`. */
export const LISTEN_RETRY = { firstMs: 100, maxMs: 5_000 };

/**
 * LISTEN on a connection of its own, outside the pool: a pooled connection goes back to other
 * work between queries and would stop hearing. A broken connection is replaced with a bounded
 * back-off, and the handlers are told (onLost, later onListening), because whatever was sent in
 * between is lost for good.
 */
export function listenOnPostgres(
  connectionString: string,
  channel: string,
  handlers: NotificationHandlers,
  retry = LISTEN_RETRY,
): NotificationListener {
  let client: pg.Client | undefined;
  let isListening = false;
  let isClosed = false;
  let failures = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  function connect(): void {
    // keepAlive: a peer that vanishes without a word (a failover, a dropped NAT entry) is noticed.
    const current = new pg.Client({
      connectionString,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
      application_name: `listen ${channel}`,
    });
    client = current;
    let isBroken = false;
    const broke = (error: Error) => {
      if (isBroken) return;
      isBroken = true;
      const wasListening = isListening;
      isListening = false;
      void current.end().catch(() => undefined);
      if (isClosed) return;
      if (wasListening) handlers.onLost(error);
      retryTimer = setTimeout(connect, Math.min(retry.maxMs, retry.firstMs * 2 ** failures++));
      // Retrying never keeps a process alive on its own; close() stops it.
      retryTimer.unref();
    };
    current.on('error', broke);
    current.on('end', () => broke(new Error('The listening connection ended')));
    current.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) handlers.onNotification(message.payload);
    });
    current
      .connect()
      .then(() => current.query(`listen ${current.escapeIdentifier(channel)}`))
      .then(() => {
        if (isClosed || isBroken) return;
        failures = 0;
        isListening = true;
        handlers.onListening();
      })
      .catch(broke);
  }

  connect();
  return {
    isListening: () => isListening,
    async close() {
      isClosed = true;
      isListening = false;
      clearTimeout(retryTimer);
      await client?.end().catch(() => undefined);
    },
  };
}
